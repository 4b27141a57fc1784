import {
  JOB_RETENTION_DAYS,
  type JobCounts,
  type JobItemError,
  type JobItemStatus,
  type JobKind,
  type JobStatus,
} from '@app/contracts'
import {
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { JOB_PREFIX, jobItemKey, jobItemPrefix, jobKey, organizationPartition } from '../db/keys'
import { type Item, queryAll, tableName } from '../db/table'

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

const strip = (item: Item) => {
  const { PK: _pk, SK: _sk, entity: _entity, expiresAt: _expires, ...rest } = item
  return rest
}
const toJob = (item: Item) => ({ startedAt: null, finishedAt: null, ...strip(item) }) as unknown as JobRecord
const toItem = (item: Item) => strip(item) as unknown as JobItemRecord

export const expiresAt = (createdAt: string) =>
  Math.floor(Date.parse(createdAt) / 1000) + JOB_RETENTION_DAYS * 86_400

/** Items first, the job last: a job is visible only once all its items exist. */
export async function createJob(job: JobRecord, items: JobItemRecord[]): Promise<void> {
  const expires = expiresAt(job.createdAt)
  const puts = items.map((item) => ({
    PutRequest: {
      Item: { ...jobItemKey(job.orgId, job.id, item.index), entity: 'JobItem', expiresAt: expires, ...item },
    },
  }))
  for (let start = 0; start < puts.length; start += 25) {
    let requests = puts.slice(start, start + 25)
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 8) throw new Error('DynamoDB kept leaving writes unprocessed')
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt))
      const result = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }))
      requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests
    }
  }
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
  return items.map(toItem)
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
    return toJob(Attributes as Item)
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

export async function markAttempted(orgId: string, jobId: string, index: number, at: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobItemKey(orgId, jobId, index),
      UpdateExpression: 'SET attemptedAt = :at',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':at': at, ':pending': 'pending' },
    }),
  )
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
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: jobItemKey(orgId, jobId, index),
              UpdateExpression: `SET ${sets.join(', ')}`,
              ConditionExpression: '#status = :pending',
              ExpressionAttributeNames: {
                '#status': 'status',
                ...(result.error ? { '#error': 'error' } : {}),
              },
              ExpressionAttributeValues: values,
            },
          },
          {
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
        ],
      }),
    )
    return true
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons
    if (reasons?.[0]?.Code === 'ConditionalCheckFailed') return false
    throw error
  }
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
