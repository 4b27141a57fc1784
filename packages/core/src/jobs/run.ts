import type { JobKind, JobStatus } from '@app/contracts'
import { AppError } from '../errors'
import type { DomainEvent } from '../events/catalog'
import type { Logger } from '../log'
import type { JobMessage } from './jobs'
import * as Repo from './jobs.repo'
import { SliceTimeUp } from './pacer'

export interface ItemContext {
  /** The item was started before (a crash or a lost slice): its side effect may have happened; check first. */
  resumed: boolean
  /** Call right before the item's first side effect (the marker a resumed run sees). */
  markAttempted(): Promise<void>
  deadline: number
  /** The item's last checkpoint (long items that walk many records: see `checkpoint`). */
  progress: Repo.ItemProgress | undefined
  /** Saves where the item got to (and marks it attempted): a later slice or a redelivery resumes from there. */
  checkpoint(progress: Repo.ItemProgress): Promise<void>
}

/** What one kind of job does: set up once per slice, then one item at a time. */
export interface JobKindHandler<C = unknown> {
  /** Throws an `AppError` when the job cannot run at all (its AWS account is gone …): every pending item fails. */
  prepare(job: Repo.JobRecord, deadline: number): Promise<C>
  process(context: C, item: Repo.JobItemRecord, run: ItemContext): Promise<Repo.ItemResult>
  /** After the last item (e.g. a refresh records when it ran). */
  finish?(context: C, job: Repo.JobRecord, at: Date): Promise<void>
  /**
   * The kind's own events of the job's end (`block.propagated`, `contacts.deleted`), written once with the job's
   * end and its `job.finished`.
   */
  endEvents?(job: Repo.JobRecord, status: JobEndStatus, at: Date): DomainEvent[]
}

export type JobEndStatus = Exclude<JobStatus, 'queued' | 'running'>

// biome-ignore lint/suspicious/noExplicitAny: each kind has its own context type
export type JobHandlers = Partial<Record<JobKind, JobKindHandler<any>>>

export interface SliceOptions {
  handlers: JobHandlers
  /** Epoch ms: no new item starts after it, and no SES slot is taken beyond it. */
  deadline: number
  /** Who runs the slice (a request id): the job's lease names it. */
  owner: string
  log?: Logger
  /** Tests: runs after an item's work and before its result is recorded (throw to simulate a crash there). */
  afterItem?: (item: Repo.JobItemRecord, result: Repo.ItemResult) => void | Promise<void>
}

/** How long past the slice's deadline the lease still holds (the last item may finish after it). */
const LEASE_GRACE_MS = 60_000

function itemError(error: unknown): Repo.ItemResult {
  if (error instanceof AppError)
    return { status: 'failed', error: { code: error.code, message: error.message } }
  const message = error instanceof Error ? error.message : String(error)
  return { status: 'failed', error: { code: 'internal.error', message: `Unexpected failure: ${message}` } }
}

export function finalStatus(counts: Repo.JobRecord['counts']): JobEndStatus {
  if (counts.total > 0 && counts.failed === counts.total) return 'failed'
  return counts.failed > 0 ? 'partially_failed' : 'succeeded'
}

/**
 * Works one slice of a job: claims it, runs its pending items in order until the deadline, recording each result
 * as soon as it is known (so a redelivered message resumes where the results say), and finishes the job when no
 * item is pending. 'more' asks the caller to enqueue the continuation; 'busy' means another delivery holds it.
 */
export async function runJobSlice(
  message: JobMessage,
  options: SliceOptions,
): Promise<'done' | 'more' | 'busy'> {
  const { orgId, jobId } = message
  const job = await Repo.claimJob(orgId, jobId, options.owner, options.deadline + LEASE_GRACE_MS, new Date())
  if (!job) {
    const current = await Repo.getJob(orgId, jobId)
    return current && (current.status === 'queued' || current.status === 'running') ? 'busy' : 'done'
  }
  const pending = (await Repo.listItems(orgId, jobId)).filter((item) => item.status === 'pending')
  const handler = options.handlers[job.kind]
  let context: unknown
  let prepareFailure: Repo.ItemResult | undefined
  if (!handler) {
    prepareFailure = itemError(new Error(`No worker handles ${job.kind} jobs`))
  } else if (pending.length > 0) {
    try {
      context = await handler.prepare(job, options.deadline)
    } catch (error) {
      if (error instanceof SliceTimeUp) return release(job, options)
      prepareFailure = itemError(error)
    }
  }

  for (const item of pending) {
    let result: Repo.ItemResult
    if (prepareFailure || !handler) {
      result = prepareFailure ?? itemError(new Error('No handler'))
    } else {
      if (Date.now() >= options.deadline) return release(job, options)
      try {
        result = await handler.process(context, item, {
          resumed: item.attemptedAt !== undefined,
          markAttempted: async () => {
            if (item.attemptedAt) return
            item.attemptedAt = new Date().toISOString()
            await Repo.markAttempted(orgId, jobId, item.index, item.attemptedAt)
          },
          deadline: options.deadline,
          progress: item.progress,
          checkpoint: async (progress) => {
            item.attemptedAt ??= new Date().toISOString()
            item.progress = progress
            await Repo.saveProgress(orgId, jobId, item.index, progress, item.attemptedAt)
          },
        })
      } catch (error) {
        if (error instanceof SliceTimeUp) return release(job, options)
        if (!(error instanceof AppError))
          options.log?.error('job.item_failed', { error, jobId, key: item.key })
        result = itemError(error)
      }
    }
    await options.afterItem?.(item, result)
    await Repo.recordItem(orgId, jobId, item.index, result, new Date().toISOString())
  }

  const finished = await Repo.getJob(orgId, jobId)
  if (!finished) return 'done'
  const at = new Date()
  if (handler && context !== undefined) await handler.finish?.(context, finished, at)
  const status = finalStatus(finished.counts)
  const also = handler?.endEvents?.(finished, status, at) ?? []
  if (await Repo.finishJob(finished, status, at, also)) {
    options.log?.info('job.finished', { jobId, kind: job.kind, counts: finished.counts })
  }
  return 'done'
}

async function release(job: Repo.JobRecord, options: SliceOptions): Promise<'more'> {
  await Repo.releaseJob(job.orgId, job.id, options.owner)
  return 'more'
}
