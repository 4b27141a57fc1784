import type { TABLE } from '@app/contracts'
import { OUTBOX_SHARDS, outboxPendingPartition } from '@app/core/db/keys'
import { type AttributeValue, type DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb'
import type {
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  AttributeValue as StreamAttributeValue,
} from 'aws-lambda'
import { loadHandler } from '../lambda/handler-module'
import { createLambdaContext } from '../lambda/lambda-context'
import { withTimeout } from '../lambda/with-timeout'

export interface OutboxPollerOptions {
  client: DynamoDBClient
  tableName: string
  /** `functions/src/workers/event-dispatcher.ts` (or a test dispatcher). */
  modulePath: string
  functionName: string
  /** The dispatcher's Lambda timeout; a slower run counts as failed. */
  timeoutMs: number
  /** Pause between polls that found nothing. */
  intervalMs?: number
  /** Events per invocation (the stream's batch size). */
  batchSize?: number
  log: (line: string) => void
}

export interface OutboxPoller {
  /** One pass over what is pending now; resolves with how many events it handed to the dispatcher. */
  runOnce(): Promise<number>
  stop(): Promise<void>
}

/** Longest pause before retrying an event whose dispatch keeps failing. */
const MAX_BACKOFF_MS = 30_000

/**
 * What the table's stream and its event source mapping do on AWS, for DynamoDB Local (whose streams we do not
 * use): polls the outbox's pending index (GSI1, `OUTBOX_PENDING#<shard>`, see `core/src/db/keys.ts`) and invokes
 * the dispatcher function with the pending items as a `DynamoDBStreamEvent` of INSERT records. The dispatcher
 * marks what it delivered, so it leaves the index; what failed stays pending and is retried with backoff.
 */
export function startOutboxPoller(options: OutboxPollerOptions): OutboxPoller {
  let stopped = false
  let wake: (() => void) | undefined
  const retryAt = new Map<string, { at: number; failures: number }>()

  async function pending(): Promise<Record<string, AttributeValue>[]> {
    const limit = options.batchSize ?? 25
    const pages = await Promise.all(
      Array.from({ length: OUTBOX_SHARDS }, (_, shard) =>
        options.client.send(
          new QueryCommand({
            TableName: options.tableName,
            IndexName: 'GSI1' satisfies keyof typeof TABLE.indexes,
            KeyConditionExpression: 'GSI1PK = :pk',
            ExpressionAttributeValues: { ':pk': { S: outboxPendingPartition(shard) } },
            Limit: limit,
          }),
        ),
      ),
    )
    const now = Date.now()
    return pages
      .flatMap((page) => page.Items ?? [])
      .filter((item) => (retryAt.get(item.id?.S ?? '')?.at ?? 0) <= now)
      .sort((a, b) => (a.id?.S ?? '').localeCompare(b.id?.S ?? ''))
      .slice(0, limit)
  }

  async function runOnce(): Promise<number> {
    const items = await pending()
    if (items.length === 0) return 0
    const records = items.map((image, index): DynamoDBRecord => toInsertRecord(image, index))
    const failedFrom = await invoke(records)
    for (const [index, item] of items.entries()) {
      const id = item.id?.S ?? ''
      if (failedFrom === undefined || index < failedFrom) {
        retryAt.delete(id)
        continue
      }
      if (index > failedFrom) continue // not tried: the stream would hand it over again too
      const failures = (retryAt.get(id)?.failures ?? 0) + 1
      retryAt.set(id, { at: Date.now() + Math.min(MAX_BACKOFF_MS, 250 * 2 ** failures), failures })
      options.log(`event dispatcher: event ${id} failed ${failures} time(s); retried later`)
    }
    return items.length
  }

  /** The index of the first record that failed, or undefined when all succeeded. */
  async function invoke(records: DynamoDBRecord[]): Promise<number | undefined> {
    try {
      const handler = await loadHandler<DynamoDBStreamEvent, DynamoDBBatchResponse | undefined>(
        options.modulePath,
      )
      const context = createLambdaContext(options.functionName, options.timeoutMs)
      const result = await withTimeout(
        Promise.resolve(handler({ Records: records }, context)),
        options.timeoutMs,
      )
      const failed = result?.batchItemFailures?.[0]?.itemIdentifier
      if (failed === undefined) return undefined
      const index = records.findIndex((record) => record.dynamodb?.SequenceNumber === failed)
      return index === -1 ? 0 : index
    } catch (error) {
      options.log(
        `event dispatcher ${options.functionName} failed: ${error instanceof Error ? error.message : String(error)}`,
      )
      return 0
    }
  }

  const loop = (async () => {
    while (!stopped) {
      let handed = 0
      try {
        handed = await runOnce()
      } catch (error) {
        if (stopped) break
        options.log(`outbox poller: ${error instanceof Error ? error.message : String(error)}`)
      }
      if (handed === 0 && !stopped) {
        await new Promise<void>((resolve) => {
          wake = resolve
          setTimeout(resolve, options.intervalMs ?? 250)
        })
      }
    }
  })()

  return {
    runOnce,
    async stop() {
      stopped = true
      wake?.()
      await loop
    },
  }
}

function toInsertRecord(image: Record<string, AttributeValue>, index: number): DynamoDBRecord {
  const newImage = streamImage(image)
  return {
    eventID: `local-${index}`,
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    eventVersion: '1.1',
    awsRegion: 'us-east-1',
    dynamodb: {
      Keys: streamImage({ PK: image.PK, SK: image.SK }),
      NewImage: newImage,
      SequenceNumber: String(index + 1).padStart(21, '0'),
      StreamViewType: 'NEW_IMAGE',
    },
  }
}

/** The item as a stream image: the same DynamoDB JSON, typed as `aws-lambda` types it. */
function streamImage(
  image: Record<string, AttributeValue | undefined>,
): Record<string, StreamAttributeValue> {
  return JSON.parse(JSON.stringify(image)) as Record<string, StreamAttributeValue>
}
