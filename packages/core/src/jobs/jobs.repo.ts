import {
  JOB_RETENTION_DAYS,
  type JobCounts,
  JobCountsSchema,
  type JobKind,
  JobKindSchema,
  type JobStatus,
  JobStatusSchema,
  type Principal,
} from '@app/contracts'
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { batchWrite } from '../db/batch'
import { itemParser } from '../db/item'
import { JOB_PREFIX, jobItemKey, jobKey, organizationPartition } from '../db/keys'
import { claimLease, leaseFields, REMOVE_LEASE, releaseLease } from '../db/lease'
import { authorItem } from '../db/principal'
import { tableName } from '../db/table'
import { TransactionFailed, transact } from '../db/transact'
import type { DomainEvent } from '../events/catalog'
import { newEvent, outboxPut } from '../events/outbox'
import type { JobItemRecord } from './job-items.repo'

export {
  type ItemProgress,
  type ItemResult,
  type JobItemRecord,
  listItems,
  markAttempted,
  recordItem,
  saveProgress,
} from './job-items.repo'

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
  /** Who started it; the system for a job the platform started (on a schedule). */
  createdBy: Principal
  /** What the kind needs besides its items (blocks.propagate: the block and whether to re-publish). */
  params?: Record<string, string | boolean | string[]>
  /** Epoch ms until which one worker holds the job (a second delivery of its message stands back). */
  leaseUntil?: number
  leaseOwner?: string
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
  // Jobs written before they kept a principal: a user's `{ accountId, email }`, null when a schedule started it.
  createdBy: authorItem('jobs'),
  params: z.record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())])).optional(),
  ...leaseFields,
}) satisfies z.ZodType<JobRecord>
const toJob = itemParser(JobItem)

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
  const item = await claimLease(jobKey(orgId, id), { owner, until, now, stampStart: true })
  return item && toJob(item)
}

export async function releaseJob(orgId: string, id: string, owner: string): Promise<void> {
  await releaseLease(jobKey(orgId, id), owner)
}
/**
 * The job's end, once (only a queued or running job finishes), with its `job.finished` event and the kind's own
 * (`also`: `block.propagated` …) in the same transaction. False when it had already finished.
 */
export async function finishJob(
  job: JobRecord,
  status: JobStatus,
  at: Date,
  also: DomainEvent[] = [],
): Promise<boolean> {
  const event = newEvent(
    'job.finished',
    job.orgId,
    {
      jobId: job.id,
      kind: job.kind,
      status: status as Exclude<JobStatus, 'queued' | 'running'>,
      counts: job.counts,
      createdBy: job.createdBy.type === 'user' ? job.createdBy.accountId : null,
    },
    job.createdBy,
    at,
  )
  try {
    await transact([
      {
        name: 'job',
        Update: {
          TableName: tableName(),
          Key: jobKey(job.orgId, job.id),
          UpdateExpression: `SET #status = :status, finishedAt = :at ${REMOVE_LEASE}`,
          ConditionExpression: '#status IN (:queued, :running)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': status,
            ':at': at.toISOString(),
            ':queued': 'queued',
            ':running': 'running',
          },
        },
      },
      outboxPut(event),
      ...also.map(outboxPut),
    ])
    return true
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed('job')) return false
    throw error
  }
}
