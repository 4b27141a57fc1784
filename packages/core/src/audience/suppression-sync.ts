import {
  SUPPRESSION_SYNC_PAGE_SIZE,
  type SuppressionSyncList,
  type SuppressionSyncQuerySchema,
  type SuppressionSyncStatus,
  UlidSchema,
} from '@app/contracts'
import type { SuppressedDestinationSummary } from '@aws-sdk/client-sesv2'
import * as z from 'zod'
import type { Actor } from '../actor'
import * as AwsAccounts from '../aws-accounts/public'
import { awsErrorOf, toCustomerAwsError } from '../aws-accounts/public'
import { cursorPosition, encodeCursor } from '../db/cursor'
import { AppError } from '../errors'
import type { JobHandlers, JobKindHandler, JobRecord } from '../jobs/public'
import { SliceTimeUp, startJob } from '../jobs/public'
import type { OrganizationContext } from '../organizations/public'
import { suppressFromSes } from './ses-feedback'
import { listSuppressedPage, readerFor, type SuppressionListReader } from './ses-list'
import * as Repo from './suppression-sync.repo'

/** A run re-reads the day before the last good run began: SES's dates are its own clock's, pages are not atomic. */
const OVERLAP_MS = 24 * 3600_000
/** A run that has not finished after this long lost its worker: another may be started. */
const STALE_RUN_MS = 6 * 3600_000
/** Entries per list call (SES's largest page) and addresses suppressed at once. */
const PAGE_SIZE = 1000
const CONCURRENCY = 8

function toStatus(
  connection: AwsAccounts.ConnectionLabel,
  state: Repo.SyncStateRecord | undefined,
): SuppressionSyncStatus {
  const base = {
    awsAccountId: connection.id,
    awsAccountName: connection.name || 'Default',
    region: connection.region,
  }
  if (!state)
    return {
      ...base,
      state: 'never',
      jobId: null,
      startedAt: null,
      lastRanAt: null,
      counts: Repo.zeroCounts(),
      error: null,
    }
  const running = state.status === 'running'
  return {
    ...base,
    state: running ? 'running' : state.status === 'succeeded' ? 'succeeded' : 'failed',
    jobId: state.jobId,
    startedAt: state.startedAt,
    lastRanAt: state.lastRanAt,
    counts: running ? state.counts : (state.lastCounts ?? state.counts),
    error: running ? null : state.error,
  }
}

const SyncPositionSchema = z.object({ after: UlidSchema }).strict()

/** The organization's AWS accounts (one, or a page of them) and when each one's suppression list was last read. */
export async function suppressionSyncStatus(
  context: OrganizationContext,
  query: Pick<z.output<typeof SuppressionSyncQuerySchema>, 'awsAccountId' | 'cursor' | 'limit'>,
): Promise<SuppressionSyncList> {
  const orgId = context.organizationId
  const cursorQuery = {
    list: 'suppression-sync',
    scope: orgId,
    filters: { awsAccountId: query.awsAccountId },
  }
  const position = cursorPosition(cursorQuery, query.cursor, SyncPositionSchema)
  let connections: AwsAccounts.ConnectionLabel[]
  let more = false
  if (query.awsAccountId) {
    const one = position ? undefined : await AwsAccounts.getConnection(orgId, query.awsAccountId)
    connections = one ? [one] : []
  } else {
    ;({ connections, more } = await AwsAccounts.listConnectionLabels(orgId, {
      limit: query.limit,
      afterId: position?.after,
    }))
  }
  const states = await Repo.getSyncStates(
    orgId,
    connections.map((connection) => connection.id),
  )
  const last = connections.at(-1)
  return {
    items: connections.map((connection) => toStatus(connection, states.get(connection.id))),
    nextCursor: more && last ? encodeCursor(cursorQuery, { after: last.id }) : null,
  }
}

/**
 * Starts a run per verified AWS account of the organization (or the one named): a job reading its SES
 * suppression list. An account whose run is under way keeps it. Answers every account's status.
 */
export async function startSuppressionSync(
  context: OrganizationContext,
  awsAccountId?: string,
  actor: Actor = context.actor,
): Promise<SuppressionSyncList> {
  const orgId = context.organizationId
  const connections = await AwsAccounts.listConnections(orgId)
  let targets = connections.filter((connection) => connection.verified)
  if (awsAccountId) {
    const named = connections.find((connection) => connection.id === awsAccountId)
    if (!named) throw new AppError('aws_account.not_found', 'No such AWS account.')
    if (!named.verified)
      throw new AppError('aws_account.not_verified', 'This AWS account is not verified yet.')
    targets = [named]
  }
  if (targets.length === 0)
    throw new AppError(
      'suppression_sync.no_aws_account',
      'Connect and verify an AWS account first: its SES suppression list is what is read.',
    )
  for (const connection of targets) await startRun(actor, connection)
  return suppressionSyncStatus(context, { awsAccountId, limit: SUPPRESSION_SYNC_PAGE_SIZE.default })
}

/** Starts a run on one AWS connection unless one is under way; true when this call started it. */
export async function startRun(actor: Actor, connection: AwsAccounts.AwsConnectionRecord): Promise<boolean> {
  const now = new Date()
  const previous = await Repo.getSyncState(connection.orgId, connection.id)
  const lastGood = previous?.lastGoodStartedAt ?? null
  const state: Repo.SyncStateRecord = {
    orgId: connection.orgId,
    awsAccountId: connection.id,
    status: 'running',
    jobId: null,
    startedAt: now.toISOString(),
    since: lastGood ? new Date(Date.parse(lastGood) - OVERLAP_MS).toISOString() : null,
    nextToken: null,
    pages: 0,
    counts: Repo.zeroCounts(),
    lastRanAt: previous?.lastRanAt ?? null,
    lastGoodStartedAt: lastGood,
    lastCounts: previous?.lastCounts ?? null,
    error: null,
  }
  const claimed = await Repo.claimRun(state, new Date(now.getTime() - STALE_RUN_MS).toISOString())
  if (!claimed) return false
  try {
    const job = await startJob({
      actor,
      orgId: connection.orgId,
      kind: 'audience.suppression_sync',
      awsAccountId: connection.id,
      items: [{ key: connection.id, label: connection.name || 'Default' }],
      params: { startedAt: state.startedAt },
      now,
    })
    await Repo.updateRun(connection.orgId, connection.id, state.startedAt, { jobId: job.id })
    return true
  } catch (error) {
    await Repo.updateRun(connection.orgId, connection.id, state.startedAt, {
      status: 'failed',
      lastRanAt: new Date().toISOString(),
      error: { code: 'internal.error', message: 'The run could not be started.' },
    })
    throw error
  }
}

async function suppressAll(
  orgId: string,
  entries: SuppressedDestinationSummary[],
  awsAccountName: string,
  counts: Repo.SyncCounts,
): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < entries.length) {
      const entry = entries[next++]
      if (!entry?.EmailAddress) continue
      counts.read++
      const outcome = await suppressFromSes(orgId, entry.EmailAddress, {
        reason: entry.Reason === 'COMPLAINT' ? 'complaint' : 'bounce',
        source: 'ses-suppression-list',
        detail: `On the SES suppression list of AWS account ${awsAccountName} (${entry.Reason ?? 'BOUNCE'})`,
        at: entry.LastUpdateTime?.toISOString() ?? new Date().toISOString(),
      })
      counts[outcome === 'suppressed' ? 'suppressed' : 'alreadySuppressed']++
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
}

interface RunContext {
  job: JobRecord
  reader: SuppressionListReader
  /** The run this job is (the sync state's `startedAt`). */
  startedAt: string
}

const runOf = (job: JobRecord) => String(job.params?.startedAt ?? '')

/** The job cannot run at all (the account was disconnected, its credentials fail): the run says so and why. */
async function failRun(job: JobRecord, error: unknown): Promise<void> {
  if (!job.awsAccountId) return
  const failure = toCustomerAwsError(error, 'reach your AWS account')
  await Repo.updateRun(job.orgId, job.awsAccountId, runOf(job), {
    status: 'failed',
    lastRanAt: new Date().toISOString(),
    error:
      failure instanceof AppError
        ? { code: failure.code, message: failure.message }
        : { code: 'internal.error', message: 'The run failed unexpectedly.' },
  })
}

/**
 * The job: pages through the list from the run's checkpoint (a redelivered or continued slice resumes at the
 * page after the last one saved; a page done twice suppresses nothing twice), saving SES's NextToken and the
 * counts after each page. A token SES no longer accepts restarts the listing from the top.
 */
const suppressionSync: JobKindHandler<RunContext> = {
  async prepare(job, deadline) {
    try {
      return { job, reader: await readerFor(job.orgId, job.awsAccountId, deadline), startedAt: runOf(job) }
    } catch (error) {
      if (!(error instanceof SliceTimeUp)) await failRun(job, error)
      throw error
    }
  },
  async process({ job, reader, startedAt }, _item, run) {
    const { orgId } = job
    const awsAccountId = reader.connection.id
    const state = await Repo.getSyncState(orgId, awsAccountId)
    if (!state || state.startedAt !== startedAt)
      return {
        status: 'skipped',
        error: { code: 'suppression_sync.superseded', message: 'Skipped: a newer run took over.' },
      }
    // A smaller page than SES's largest only where a job asks for one (tests of the checkpoint).
    const pageSize = Math.min(PAGE_SIZE, Number(job.params?.pageSize ?? PAGE_SIZE) || PAGE_SIZE)
    const name = reader.connection.name || 'Default'
    let token = state.nextToken
    let pages = state.pages
    const counts = { ...state.counts }
    try {
      do {
        let page: Awaited<ReturnType<typeof listSuppressedPage>>
        try {
          page = await listSuppressedPage(reader, { since: state.since, token, pageSize }, run.deadline)
        } catch (error) {
          if (token && awsErrorOf(error)?.name === 'InvalidNextTokenException') {
            token = null
            continue
          }
          throw error
        }
        await suppressAll(orgId, page.SuppressedDestinationSummaries ?? [], name, counts)
        token = page.NextToken ?? null
        pages++
        await Repo.updateRun(orgId, awsAccountId, startedAt, { nextToken: token, pages, counts })
      } while (token)
    } catch (error) {
      if (error instanceof SliceTimeUp) throw error
      const failure = toCustomerAwsError(error, 'read the SES suppression list')
      await Repo.updateRun(orgId, awsAccountId, startedAt, {
        error:
          failure instanceof AppError
            ? { code: failure.code, message: failure.message }
            : { code: 'internal.error', message: 'The run failed unexpectedly.' },
      })
      throw failure
    }
    return { status: 'succeeded' }
  },
  async finish({ reader, startedAt }, job, at) {
    const state = await Repo.getSyncState(job.orgId, reader.connection.id)
    if (!state || state.startedAt !== startedAt) return
    const good = job.counts.failed === 0
    await Repo.updateRun(job.orgId, reader.connection.id, startedAt, {
      status: good ? 'succeeded' : 'failed',
      lastRanAt: at.toISOString(),
      lastCounts: state.counts,
      ...(good ? { lastGoodStartedAt: startedAt, error: null } : {}),
    })
  },
}

export const suppressionSyncHandlers: JobHandlers = { 'audience.suppression_sync': suppressionSync }
