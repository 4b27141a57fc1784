import {
  type Job,
  type JobItem,
  type JobKind,
  type JobList,
  type JobListQuery,
  JobListQuerySchema,
  type JobSummary,
  UlidSchema,
} from '@app/contracts'
import { SendMessageCommand } from '@aws-sdk/client-sqs'
import { ulid } from 'ulid'
import * as z from 'zod'
import type { Actor } from '../actor'
import { sqs } from '../aws'
import { cursorPosition, encodeCursor } from '../db/cursor'
import { AppError } from '../errors'
import { requireMembership } from '../organizations/organizations'
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
  }
}

export function toJob(job: Repo.JobRecord, items: Repo.JobItemRecord[]): Job {
  return { ...toJobSummary(job), items: items.sort((a, b) => a.index - b.index).map(toJobItem) }
}

/** The job's creator, acting for the work the job does (their membership is checked again where it matters). */
export function jobCreator(job: Repo.JobRecord): Actor {
  return {
    accountId: job.createdBy.accountId,
    username: job.createdBy.accountId,
    email: job.createdBy.email,
    emailVerified: true,
    groups: [],
  }
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
    createdBy: { accountId: input.actor.accountId, email: input.actor.email },
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

export async function getJob(actor: Actor, id: string, orgId: string): Promise<Job> {
  try {
    await requireMembership(actor, orgId, 'organization.read')
  } catch (error) {
    if (error instanceof AppError && error.code === 'organization.not_found') throw jobNotFound()
    throw error
  }
  const job = await Repo.getJob(orgId, id)
  if (!job) throw jobNotFound()
  return toJob(job, await Repo.listItems(orgId, id))
}

const JobPositionSchema = z.object({ id: UlidSchema }).strict()

export async function listJobs(actor: Actor, input: JobListQuery): Promise<JobList> {
  const query = JobListQuerySchema.parse(input)
  await requireMembership(actor, query.organizationId, 'organization.read')
  const cursorQuery = {
    list: 'jobs',
    scope: query.organizationId,
    filters: { awsAccountId: query.awsAccountId, kind: query.kind },
  }
  const after = cursorPosition(cursorQuery, query.cursor, JobPositionSchema)
  const { jobs, more } = await Repo.listJobs(query.organizationId, query.limit, after?.id, {
    awsAccountId: query.awsAccountId,
    kind: query.kind,
  })
  const last = jobs.at(-1)
  return {
    items: jobs.map(toJobSummary),
    nextCursor: more && last ? encodeCursor(cursorQuery, { id: last.id }) : null,
  }
}
