import {
  type JobItemError,
  JobItemErrorSchema,
  type JobItemStatus,
  JobItemStatusSchema,
} from '@app/contracts'
import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { itemParser } from '../db/item'
import { jobItemKey, jobItemPrefix, jobKey, legacyJobItemKey, organizationPartition } from '../db/keys'
import { queryAll, tableName } from '../db/table'
import { TransactionFailed, transact } from '../db/transact'
import { isConditionalCheckFailure } from '../errors'

export interface JobItemRecord {
  jobId: string
  index: number
  key: string
  label: string
  status: JobItemStatus
  error?: JobItemError
  templateId?: string
  finishedAt?: string
  /**
   * Set just before the item's first side effect: a pending item carrying it may have had that effect before a
   * crash, so the worker checks instead of repeating.
   */
  attemptedAt?: string
  /** A long item's checkpoint (`saveProgress`): where it got to and what it counted, so a later slice resumes. */
  progress?: ItemProgress
}

/**
 * A checkpoint: `cursor` (the kind's position, e.g. the last contact id done), `pending` (work classified but
 * maybe not applied yet: a resumed item applies it again, idempotently, and counts it once) and `tally`.
 */
export interface ItemProgress {
  cursor?: string
  pending?: string[]
  tally: Record<string, number>
}
const ProgressItem = z.object({
  cursor: z.string().optional(),
  pending: z.array(z.string()).optional(),
  tally: z.record(z.string(), z.number()),
}) satisfies z.ZodType<ItemProgress>
const JobItemItem = z.object({
  jobId: z.string(),
  index: z.number().int(),
  key: z.string(),
  label: z.string(),
  status: JobItemStatusSchema,
  error: JobItemErrorSchema.optional(),
  templateId: z.string().optional(),
  finishedAt: z.string().optional(),
  attemptedAt: z.string().optional(),
  progress: ProgressItem.optional(),
}) satisfies z.ZodType<JobItemRecord>
const toItem = itemParser(JobItemItem)

export async function listItems(orgId: string, jobId: string): Promise<JobItemRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': jobItemPrefix(jobId) },
    ConsistentRead: true,
  })
  // Jobs from before 10-digit item keys have 4-digit ones: one width per job, ordered by index either way.
  return items.map(toItem).sort((a, b) => a.index - b.index)
}
/**
 * The keys an item may have: 10-digit since jobs can hold more than 10,000 items, 4-digit for jobs created before
 * (they expire after JOB_RETENTION_DAYS; the legacy key can go then). A write conditioned on the item tries the
 * second only when the first does not exist, which a failed condition tells by returning no old item.
 */
const itemKeys = (orgId: string, jobId: string, index: number) => [
  jobItemKey(orgId, jobId, index),
  legacyJobItemKey(orgId, jobId, index),
]

export async function markAttempted(orgId: string, jobId: string, index: number, at: string): Promise<void> {
  const [key, legacyKey] = itemKeys(orgId, jobId, index)
  for (const Key of [key, legacyKey]) {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET attemptedAt = :at',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':at': at, ':pending': 'pending' },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      )
      return
    } catch (error) {
      const existed = (error as { Item?: unknown }).Item !== undefined
      if (!isConditionalCheckFailure(error) || existed || Key === legacyKey) throw error
    }
  }
}

/** Saves a pending item's checkpoint (and marks it attempted); false when the item is no longer pending. */
export async function saveProgress(
  orgId: string,
  jobId: string,
  index: number,
  progress: ItemProgress,
  at: string,
): Promise<boolean> {
  const [key, legacyKey] = itemKeys(orgId, jobId, index)
  for (const Key of [key, legacyKey]) {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET progress = :progress, attemptedAt = if_not_exists(attemptedAt, :at)',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':progress': progress, ':at': at, ':pending': 'pending' },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      )
      return true
    } catch (error) {
      const existed = (error as { Item?: unknown }).Item !== undefined
      if (!isConditionalCheckFailure(error)) throw error
      if (existed || Key === legacyKey) return false
    }
  }
  return false
}

export interface ItemResult {
  status: Exclude<JobItemStatus, 'pending'>
  error?: JobItemError
  templateId?: string
}

/**
 * Records an item's result and counts it on the job, in one transaction conditioned on the item still pending:
 * a result is counted once even when two deliveries race. False when it was already recorded.
 */
export async function recordItem(
  orgId: string,
  jobId: string,
  index: number,
  result: ItemResult,
  finishedAt: string,
): Promise<boolean> {
  const sets = ['#status = :status', 'finishedAt = :at']
  const values: Record<string, unknown> = {
    ':status': result.status,
    ':at': finishedAt,
    ':pending': 'pending',
  }
  if (result.error) {
    sets.push('#error = :error')
    values[':error'] = result.error
  }
  if (result.templateId) {
    sets.push('templateId = :templateId')
    values[':templateId'] = result.templateId
  }
  const [key, legacyKey] = itemKeys(orgId, jobId, index)
  for (const Key of [key, legacyKey]) {
    try {
      await transact([
        {
          name: 'job.item',
          Update: {
            TableName: tableName(),
            Key,
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: {
              '#status': 'status',
              ...(result.error ? { '#error': 'error' } : {}),
            },
            ExpressionAttributeValues: values,
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        {
          name: 'job.counts',
          Update: {
            TableName: tableName(),
            Key: jobKey(orgId, jobId),
            // Skipped items count as done, not as succeeded or failed.
            ...(result.status === 'skipped'
              ? { UpdateExpression: 'SET counts.done = counts.done + :one' }
              : {
                  UpdateExpression:
                    'SET counts.done = counts.done + :one, counts.#outcome = counts.#outcome + :one',
                  ExpressionAttributeNames: { '#outcome': result.status },
                }),
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ])
      return true
    } catch (error) {
      const refused = error instanceof TransactionFailed ? error.failure('job.item') : undefined
      if (refused?.code !== 'ConditionalCheckFailed') throw error
      // Recorded already; or, without an old item, not under this key (a job from before 10-digit keys).
      if (refused.old || Key === legacyKey) return false
    }
  }
  return false
}
