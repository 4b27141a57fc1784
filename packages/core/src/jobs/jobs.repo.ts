import {
  JOB_RETENTION_DAYS,
  type JobCounts,
  JobCountsSchema,
  type JobItemError,
  JobItemErrorSchema,
  type JobItemStatus,
  JobItemStatusSchema,
  type JobKind,
  JobKindSchema,
  type JobStatus,
  JobStatusSchema,
} from '@app/contracts'
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { batchWrite } from '../db/batch'
import { itemParser } from '../db/item'
import {
  JOB_PREFIX,
  jobItemKey,
  jobItemPrefix,
  jobKey,
  legacyJobItemKey,
  organizationPartition,
} from '../db/keys'
import { queryAll, tableName } from '../db/table'
import { TransactionFailed, transact } from '../db/transact'
import { isConditionalCheckFailure } from '../errors'

export interface JobRecord {
  id: string
  orgId: string
  kind: JobKind
  awsAccountId: string | null
  status: JobStatus
  counts: JobCounts
  createdAt: string
  startedAt: string | null
  finishedAt: string | null
  createdBy: { accountId: string; email: string }
  /** What the kind needs besides its items (blocks.propagate: the block and whether to re-publish). */
  params?: Record<string, string | boolean | string[]>
  /** Epoch ms until which one worker holds the job (a second delivery of its message stands back). */
  leaseUntil?: number
  leaseOwner?: string
}

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
}

const JobItem = z.object({
  id: z.string(),
  orgId: z.string(),
  kind: JobKindSchema,
  awsAccountId: z.string().nullable(),
  status: JobStatusSchema,
  counts: JobCountsSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable().default(null),
  finishedAt: z.string().nullable().default(null),
  createdBy: z.object({ accountId: z.string(), email: z.string() }),
  params: z.record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())])).optional(),
  leaseUntil: z.number().optional(),
  leaseOwner: z.string().optional(),
}) satisfies z.ZodType<JobRecord>

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
}) satisfies z.ZodType<JobItemRecord>

const toJob = itemParser(JobItem)
const toItem = itemParser(JobItemItem)

export const expiresAt = (createdAt: string) =>
  Math.floor(Date.parse(createdAt) / 1000) + JOB_RETENTION_DAYS * 86_400

/** Items first, the job last: a job is visible only once all its items exist. */
export async function createJob(job: JobRecord, items: JobItemRecord[]): Promise<void> {
  const expires = expiresAt(job.createdAt)
  await batchWrite(
    items.map((item) => ({
      put: { ...jobItemKey(job.orgId, job.id, item.index), entity: 'JobItem', expiresAt: expires, ...item },
    })),
    { concurrency: 4 },
  )
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(job.orgId, job.id),
      UpdateExpression:
        'SET entity = :entity, expiresAt = :expires, id = :id, orgId = :org, kind = :kind, awsAccountId = :aws, ' +
        `#status = :status, counts = :counts, createdAt = :created, createdBy = :by${job.params ? ', params = :params' : ''}`,
      ConditionExpression: 'attribute_not_exists(PK)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':entity': 'Job',
        ':expires': expires,
        ':id': job.id,
        ':org': job.orgId,
        ':kind': job.kind,
        ':aws': job.awsAccountId,
        ':status': job.status,
        ':counts': job.counts,
        ':created': job.createdAt,
        ':by': job.createdBy,
        ...(job.params ? { ':params': job.params } : {}),
      },
    }),
  )
}

export async function getJob(orgId: string, id: string): Promise<JobRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: jobKey(orgId, id), ConsistentRead: true }),
  )
  return Item ? toJob(Item) : undefined
}

export async function listItems(orgId: string, jobId: string): Promise<JobItemRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': jobItemPrefix(jobId) },
    ConsistentRead: true,
  })
  // Jobs from before 10-digit item keys have 4-digit ones: one width per job, ordered by index either way.
  return items.map(toItem).sort((a, b) => a.index - b.index)
}

/** Jobs newest first (ULID order), after `afterId` when given. */
export async function listJobs(
  orgId: string,
  limit: number,
  afterId?: string,
  filter?: { awsAccountId?: string; kind?: JobKind },
): Promise<{ jobs: JobRecord[]; more: boolean }> {
  const jobs: JobRecord[] = []
  let ExclusiveStartKey: Record<string, unknown> | undefined = afterId
    ? { PK: organizationPartition(orgId), SK: `${JOB_PREFIX}${afterId}` }
    : undefined
  for (;;) {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': JOB_PREFIX },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: 100,
        ExclusiveStartKey,
      }),
    )
    for (const item of page.Items ?? []) {
      const job = toJob(item)
      if (filter?.awsAccountId && job.awsAccountId !== filter.awsAccountId) continue
      if (filter?.kind && job.kind !== filter.kind) continue
      if (jobs.length === limit) return { jobs, more: true }
      jobs.push(job)
    }
    ExclusiveStartKey = page.LastEvaluatedKey
    if (!ExclusiveStartKey) return { jobs, more: false }
  }
}

/**
 * Takes the job for one worker until `until` (epoch ms), if no other holds it; starts it when queued. False when
 * another worker holds a live lease or the job is finished.
 */
export async function claimJob(orgId: string, id: string, owner: string, until: number, now: Date) {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(orgId, id),
        UpdateExpression:
          'SET leaseUntil = :until, leaseOwner = :owner, #status = :running, startedAt = if_not_exists(startedAt, :now)',
        ConditionExpression:
          'attribute_exists(PK) AND #status IN (:queued, :running) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :nowMs OR leaseOwner = :owner)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':until': until,
          ':owner': owner,
          ':running': 'running',
          ':queued': 'queued',
          ':now': now.toISOString(),
          ':nowMs': now.getTime(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    )
    return toJob(Attributes ?? {})
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return undefined
    throw error
  }
}

export async function releaseJob(orgId: string, id: string, owner: string): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(orgId, id),
        UpdateExpression: 'REMOVE leaseUntil, leaseOwner',
        ConditionExpression: 'leaseOwner = :owner',
        ExpressionAttributeValues: { ':owner': owner },
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error
    })
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

export async function finishJob(orgId: string, id: string, status: JobStatus, at: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(orgId, id),
      UpdateExpression: 'SET #status = :status, finishedAt = :at REMOVE leaseUntil, leaseOwner',
      ConditionExpression: '#status IN (:queued, :running)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':at': at, ':queued': 'queued', ':running': 'running' },
    }),
  )
}
