import { createLogger } from '@app/core'
import { createMetrics } from '@app/core/metrics'
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { sqsBatchWorker, sqsWorker } from './sqs-worker'

const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 60_000 } as unknown as Context

function record(messageId: string, body: string): SQSRecord {
  return {
    messageId,
    receiptHandle: `handle-${messageId}`,
    body,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: '0',
      SenderId: 'sender',
      ApproximateFirstReceiveTimestamp: '0',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:eu-west-1:000000000000:work',
    awsRegion: 'eu-west-1',
  }
}

const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records })

function worker(handle: (message: { orgId: string }) => Promise<void>) {
  return sqsWorker({
    schema: z.object({ orgId: z.string().min(1) }).strict(),
    log: createLogger({ service: 'test-worker' }),
    metrics: createMetrics('test-worker'),
    failure: 'work.failed',
    handle,
  })
}

describe('sqsWorker', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reports only the malformed records of a batch, each logged with its message id', async () => {
    const errors = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const handled: string[] = []
    const handler = worker(async (message) => {
      handled.push(message.orgId)
    })
    const response = await handler(
      batch(
        record('m1', JSON.stringify({ orgId: 'a' })),
        record('m2', 'not json'),
        record('m3', JSON.stringify({ orgId: 'b' })),
        record('m4', JSON.stringify({ orgId: '', extra: 1 })),
      ),
      context,
    )
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }, { itemIdentifier: 'm4' }] })
    expect(handled).toEqual(['a', 'b'])
    const lines = errors.mock.calls.map(([line]) => JSON.parse(String(line)))
    expect(lines.filter((line) => line.msg === 'work.failed').map((line) => line.messageId)).toEqual([
      'm2',
      'm4',
    ])
    // One EMF line per record, in the product's namespace, by result.
    const emf = out.mock.calls.map(([chunk]) => JSON.parse(String(chunk))).filter((line) => line._aws)
    expect(emf.map((line) => [line.result, line.SqsRecords, line.service])).toEqual([
      ['handled', 1, 'test-worker'],
      ['failed', 1, 'test-worker'],
      ['handled', 1, 'test-worker'],
      ['failed', 1, 'test-worker'],
    ])
    expect(emf[0]._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'SesStudio',
      Dimensions: [['service', 'result']],
    })
  })

  it('handles records one at a time, in order, and a failing handler fails only its record', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const events: string[] = []
    const handler = worker(async ({ orgId }) => {
      events.push(`start ${orgId}`)
      await new Promise((resolve) => setImmediate(resolve))
      events.push(`end ${orgId}`)
      if (orgId === 'b') throw new Error('boom')
    })
    const response = await handler(
      batch(
        record('m1', JSON.stringify({ orgId: 'a' })),
        record('m2', JSON.stringify({ orgId: 'b' })),
        record('m3', JSON.stringify({ orgId: 'c' })),
      ),
      context,
    )
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm2' }])
  })

  it('reports a batch where every record failed instead of throwing', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const handler = worker(async () => {})
    const response = await handler(batch(record('m1', '{}'), record('m2', '[]')), context)
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }])
  })
})

describe('sqsBatchWorker', () => {
  afterEach(() => vi.restoreAllMocks())

  const batchWorker = (handleBatch: (messages: { orgId: string }[]) => Promise<void>) =>
    sqsBatchWorker({
      schema: z.object({ orgId: z.string().min(1) }).strict(),
      log: createLogger({ service: 'test-worker' }),
      metrics: createMetrics('test-worker'),
      failure: 'work.failed',
      handleBatch,
    })

  it('hands the well-formed records over together and reports the malformed ones alone', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const calls: string[][] = []
    const handler = batchWorker(async (messages) => {
      calls.push(messages.map((message) => message.orgId))
    })
    const response = await handler(
      batch(
        record('m1', JSON.stringify({ orgId: 'a' })),
        record('m2', 'not json'),
        record('m3', JSON.stringify({ orgId: 'b' })),
      ),
      context,
    )
    expect(calls).toEqual([['a', 'b']])
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] })
    const emf = out.mock.calls.map(([chunk]) => JSON.parse(String(chunk))).filter((line) => line._aws)
    expect(emf.map((line) => [line.result, line.SqsRecords])).toEqual([
      ['failed', 1],
      ['handled', 2],
    ])
  })

  it('reports every well-formed record when the batch fails, so SQS delivers them again', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const handler = batchWorker(async () => {
      throw new Error('boom')
    })
    const response = await handler(
      batch(record('m1', JSON.stringify({ orgId: 'a' })), record('m2', JSON.stringify({ orgId: 'b' }))),
      context,
    )
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }])
  })
})
