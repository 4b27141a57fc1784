import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { batchGet } from '../db/batch'
import { itemParser } from '../db/item'
import { SUPPRESSION_SYNC_SCHEDULE, suppressionSyncKey } from '../db/keys'
import { queryIndex } from '../db/query'
import { pickShard, shardKeys } from '../db/shards'
import { GSI1, tableName } from '../db/table'

const Counts = z.object({ read: z.number(), suppressed: z.number(), alreadySuppressed: z.number() })
export type SyncCounts = z.infer<typeof Counts>
export const zeroCounts = (): SyncCounts => ({ read: 0, suppressed: 0, alreadySuppressed: 0 })

const ErrorShape = z.object({ code: z.string(), message: z.string() })

/**
 * How reading one AWS account's suppression list into the organization's went: the run in progress (its job, its
 * checkpoint: SES's NextToken and the counts so far, saved after every page) and the last finished run.
 */
const SyncState = z.object({
  orgId: z.string(),
  awsAccountId: z.string(),
  status: z.enum(['running', 'succeeded', 'partially_failed', 'failed']),
  jobId: z.string().nullable(),
  startedAt: z.string(),
  /** The run reads entries updated since then (the last good run's start, less an overlap); null = all. */
  since: z.string().nullable(),
  nextToken: z.string().nullable(),
  pages: z.number(),
  counts: Counts,
  lastRanAt: z.string().nullable(),
  /** When the last successful run started: the next run's `since`. */
  lastGoodStartedAt: z.string().nullable(),
  lastCounts: Counts.nullable(),
  error: ErrorShape.nullable(),
})
export type SyncStateRecord = z.infer<typeof SyncState>
const toState = itemParser(SyncState)

export async function getSyncState(
  orgId: string,
  awsAccountId: string,
): Promise<SyncStateRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: suppressionSyncKey(orgId, awsAccountId),
      ConsistentRead: true,
    }),
  )
  return Item ? toState(Item) : undefined
}

/** The states of these AWS accounts' runs, by account (one never run is absent). */
export async function getSyncStates(
  orgId: string,
  awsAccountIds: string[],
): Promise<Map<string, SyncStateRecord>> {
  const items = await batchGet(
    awsAccountIds.map((id) => suppressionSyncKey(orgId, id)),
    { consistent: true },
  )
  return new Map(
    items.flatMap((item) => (item ? [toState(item)] : [])).map((state) => [state.awsAccountId, state]),
  )
}

const conditionFailed = (error: unknown) =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException'

/**
 * Claims a new run unless one is running that started after `staleBefore` (a run whose worker died long ago may
 * be claimed again). Keeps the last finished run's figures. False when a live run holds it.
 */
export async function claimRun(state: SyncStateRecord, staleBefore: string): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...suppressionSyncKey(state.orgId, state.awsAccountId),
          // Enrols the account in the daily run (S4).
          GSI1PK: pickShard(SUPPRESSION_SYNC_SCHEDULE, state.awsAccountId),
          GSI1SK: `ORG#${state.orgId}#${state.awsAccountId}`,
          entity: 'SuppressionSync',
          ...state,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR #status <> :running OR startedAt < :stale',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':stale': staleBefore },
      }),
    )
    return true
  } catch (error) {
    if (conditionFailed(error)) return false
    throw error
  }
}

/** Sets fields of the run `startedAt` names (a newer run's state is never touched by an older job). */
export async function updateRun(
  orgId: string,
  awsAccountId: string,
  startedAt: string,
  fields: Partial<Omit<SyncStateRecord, 'orgId' | 'awsAccountId' | 'startedAt'>>,
): Promise<boolean> {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined)
  if (entries.length === 0) return true
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: suppressionSyncKey(orgId, awsAccountId),
        UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
        ConditionExpression: 'startedAt = :started',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
        ExpressionAttributeValues: {
          ':started': startedAt,
          ...Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
        },
      }),
    )
    return true
  } catch (error) {
    if (conditionFailed(error)) return false
    throw error
  }
}

export interface EnrolledAccount {
  orgId: string
  awsAccountId: string
  status: SyncStateRecord['status']
  startedAt: string
}
const Enrolled = z.object({
  orgId: z.string(),
  awsAccountId: z.string(),
  status: SyncState.shape.status,
  startedAt: z.string(),
})
const toEnrolled = itemParser(Enrolled)

/** Every AWS account whose list was read once (S4): what the daily run reads again. */
export async function listEnrolled(): Promise<EnrolledAccount[]> {
  const shards = await Promise.all(
    shardKeys(SUPPRESSION_SYNC_SCHEDULE).map((pk) =>
      queryIndex(GSI1, pk, { attributes: ['orgId', 'awsAccountId', 'status', 'startedAt'] }),
    ),
  )
  return shards.flatMap((shard) => shard.items.map(toEnrolled))
}
