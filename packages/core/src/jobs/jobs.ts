import {
  type Job,
  type JobItem,
  type JobKind,
  type JobList,
  type JobListQuerySchema,
  type JobSummary,
  UlidSchema,
} from '@app/contracts'
import { SendMessageCommand } from '@aws-sdk/client-sqs'
import { ulid } from 'ulid'
import * as z from 'zod'
import { type Actor, principalOf } from '../actor'
import { sqs } from '../aws'
import { cursorPosition, encodeCursor } from '../db/cursor'
import { AppError } from '../errors'
import type { OrganizationContext } from '../organizations/public'
import { jobsEnv } from './env'
import * as Repo from './jobs.repo'

export const JobMessageSchema = z.object({ orgId: UlidSchema, jobId: UlidSchema }).strict()
export type JobMessage = z.infer<typeof JobMessageSchema>

const jobNotFound = () => new AppError('job.not_found', 'No such job.')

export function toJobSummary(job: Repo.JobRecord): JobSummary {
  return {
    id: job.id,
    kind: job.kind,
    organizationId: job.orgId,
    awsAccountId: job.awsAccountId,
    status: job.status,
    counts: job.counts,
    createdAt: job.createdAt,
    startedAt: job.startedAt ?? null,
    finishedAt: job.finishedAt ?? null,
    createdBy: job.createdBy,
  }
}

function toJobItem(item: Repo.JobItemRecord): JobItem {
  return {
    key: item.key,
    label: item.label,
    status: item.status,
    ...(item.error ? { error: item.error } : {}),
    ...(item.templateId && item.status === 'succeeded' ? { templateId: item.templateId } : {}),
    ...(item.finishedAt ? { finishedAt: item.finishedAt } : {}),
    ...(item.progress ? { tally: item.progress.tally } : {}),
  }
}

export function toJob(job: Repo.JobRecord, items: Repo.JobItemRecord[]): Job {
  return { ...toJobSummary(job), items: items.sort((a, b) => a.index - b.index).map(toJobItem) }
}

export async function enqueueJob(message: JobMessage): Promise<void> {
  await sqs().send(
    new SendMessageCommand({ QueueUrl: jobsEnv().queueUrl, MessageBody: JSON.stringify(message) }),
  )
}

export interface NewJobItem {
  key: string
  label: string
  /** Known up front for some kinds (import: the id the new template will get, so a retry finds it). */
  templateId?: string
}

/** Writes a queued job with its items and hands it to the jobs worker; the caller checked access. */
export async function startJob(input: {
  actor: Actor
  orgId: string
  kind: JobKind
  awsAccountId: string | null
  items: NewJobItem[]
  params?: Repo.JobRecord['params']
  now?: Date
}): Promise<Job> {
  const job: Repo.JobRecord = {
    id: ulid(),
    orgId: input.orgId,
    kind: input.kind,
    awsAccountId: input.awsAccountId,
    status: 'queued',
    counts: { total: input.items.length, done: 0, succeeded: 0, failed: 0 },
    createdAt: (input.now ?? new Date()).toISOString(),
    startedAt: null,
    finishedAt: null,
    createdBy: principalOf(input.actor),
    ...(input.params ? { params: input.params } : {}),
  }
  const items: Repo.JobItemRecord[] = input.items.map((item, index) => ({
    jobId: job.id,
    index,
    key: item.key,
    label: item.label,
    status: 'pending',
    ...(item.templateId ? { templateId: item.templateId } : {}),
  }))
  await Repo.createJob(job, items)
  await enqueueJob({ orgId: job.orgId, jobId: job.id })
  return toJob(job, items)
}

export async function getJob({ organizationId: orgId }: OrganizationContext, id: string): Promise<Job> {
  const job = await Repo.getJob(orgId, id)
  if (!job) throw jobNotFound()
  return toJob(job, await Repo.listItems(orgId, id))
}

const JobPositionSchema = z.object({ id: UlidSchema }).strict()

export async function listJobs(
  { organizationId }: OrganizationContext,
  query: z.output<typeof JobListQuerySchema>,
): Promise<JobList> {
  const cursorQuery = {
    list: 'jobs',
    scope: organizationId,
    filters: { awsAccountId: query.awsAccountId, kind: query.kind },
  }
  const after = cursorPosition(cursorQuery, query.cursor, JobPositionSchema)
  const { jobs, more } = await Repo.listJobs(organizationId, query.limit, after?.id, {
    awsAccountId: query.awsAccountId,
    kind: query.kind,
  })
  const last = jobs.at(-1)
  return {
    items: jobs.map(toJobSummary),
    nextCursor: more && last ? encodeCursor(cursorQuery, { id: last.id }) : null,
  }
}
