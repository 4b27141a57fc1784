import { fileURLToPath } from 'node:url'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureTable } from '../dynamodb/table'
import { failNextRuns, outboxHandled } from '../testing/fixtures/functions/workers/event-dispatcher'
import { injectLocalStack } from '../testing/inject-local-stack'
import { type OutboxPoller, startOutboxPoller } from './outbox-poller'

const stack = injectLocalStack()
// A table of its own, so the stack's own poller (and other tests' events) stay out of the picture. Set before
// core's environment is first read (core reads it lazily; this file runs in its own worker).
const TABLE = `outbox-test-${Date.now()}`
process.env.TABLE_NAME = TABLE
const TEST_DISPATCHER = fileURLToPath(
  new URL('../testing/fixtures/functions/workers/event-dispatcher.ts', import.meta.url),
)
const client = new DynamoDBClient({
  region: stack.region,
  endpoint: stack.dynamodbEndpoint,
  credentials: { ...stack.credentials },
})
const documents = DynamoDBDocumentClient.from(client)
const logLines: string[] = []
let poller: OutboxPoller | undefined

beforeAll(async () => {
  await ensureTable(client, TABLE)
})
afterAll(async () => {
  await poller?.stop()
  client.destroy()
})

/** A change and its event in one transaction, as core's domains write them; nothing dispatches it here. */
async function commitChangeWithEvent(): Promise<string> {
  const { newEvent, outboxPut } = await import('@app/core/events/outbox')
  const event = newEvent(
    'account.deleted',
    null,
    { accountId: `poller-test-${Date.now()}` },
    { type: 'system', name: 'test' },
  )
  await documents.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: TABLE, Item: { PK: `TEST#${event.id}`, SK: 'CHANGE' } } },
        outboxPut(event),
      ],
    }),
  )
  return event.id
}

const outboxItem = async (id: string) =>
  (await documents.send(new GetCommand({ TableName: TABLE, Key: { PK: `OUTBOX#${id}`, SK: 'EVENT' } }))).Item

function startPoller(): OutboxPoller {
  return startOutboxPoller({
    client,
    tableName: TABLE,
    modulePath: TEST_DISPATCHER,
    functionName: 'test-event-dispatcher',
    timeoutMs: 10_000,
    intervalMs: 50,
    log: (line) => logLines.push(line),
  })
}

describe('the outbox poller (the stream, locally)', () => {
  it('dispatches an event written while no dispatcher ran (a crash after the commit) on its next run', async () => {
    const id = await commitChangeWithEvent()
    expect(await outboxItem(id)).toMatchObject({ GSI1PK: expect.stringMatching(/^OUTBOX_PENDING#[0-3]$/) })
    expect(outboxHandled()).not.toContain(id)

    poller = startPoller()
    await expect.poll(async () => (await outboxItem(id))?.dispatchedAt, { timeout: 10_000 }).toBeDefined()
    const dispatched = await outboxItem(id)
    expect(dispatched).not.toHaveProperty('GSI1PK')
    expect(dispatched?.expiresAt).toBeGreaterThan(Date.now() / 1000)
    expect(outboxHandled().filter((handled) => handled === id)).toHaveLength(1)
  })

  it('retries an event whose subscriber failed, reports the failures, and handles it once', async () => {
    failNextRuns(2)
    const id = await commitChangeWithEvent()
    await expect.poll(async () => (await outboxItem(id))?.dispatchedAt, { timeout: 15_000 }).toBeDefined()
    expect(outboxHandled().filter((handled) => handled === id)).toHaveLength(1)
    expect(logLines).toContain(`event dispatcher: event ${id} failed 1 time(s); retried later`)
    expect(logLines).toContain(`event dispatcher: event ${id} failed 2 time(s); retried later`)
    // A pass over what is pending now finds nothing left to hand over.
    expect(await poller?.runOnce()).toBe(0)
  })
})
