import { systemActor } from '../actor'
import * as AwsAccounts from '../aws-accounts/public'
import type { Logger } from '../log'
import { assertFeature, getOrganization } from '../organizations/public'
import { startRun } from './suppression-sync'
import * as Repo from './suppression-sync.repo'

/** A run started this recently (by the schedule or by hand) is not started again by the daily one. */
export const RECENT_RUN_MS = 20 * 3600_000

export type ScheduledOutcome =
  | 'started'
  | 'recent'
  | 'running'
  | 'no_connection'
  | 'not_verified'
  | 'no_monitoring'
  | 'plan'
  | 'failed'

export interface ScheduledRunReport {
  /** How many accounts ended in each outcome. */
  outcomes: Partial<Record<ScheduledOutcome, number>>
}

/** Whether one enrolled account is read today, and why not. */
async function runOne(
  entry: Repo.EnrolledAccount,
  now: Date,
  started: (connection: AwsAccounts.AwsConnectionRecord) => Promise<boolean>,
): Promise<ScheduledOutcome> {
  if (now.getTime() - Date.parse(entry.startedAt) < RECENT_RUN_MS)
    return entry.status === 'running' ? 'running' : 'recent'
  const [connection, organization] = await Promise.all([
    AwsAccounts.getConnection(entry.orgId, entry.awsAccountId),
    getOrganization(entry.orgId),
  ])
  if (!connection || !organization) return 'no_connection'
  if (!connection.verified) return 'not_verified'
  if (connection.monitoring?.state !== 'ACTIVE') return 'no_monitoring'
  try {
    assertFeature(organization, 'audience')
  } catch {
    return 'plan'
  }
  return (await started(connection)) ? 'started' : 'running'
}

/**
 * The daily run (an EventBridge rule on AWS, a timer in the local stack): starts a suppression list read for every
 * enrolled AWS account (one read once, by hand or by this run) that is still connected, verified, monitored and on
 * a plan with Audience, unless one started in the last 20 hours. Paced: the accounts are started one after another
 * (each run is then paced by its account's SES slots, shared with every other job on it); an account that fails
 * to start is logged and the others go on.
 */
export async function runScheduledSuppressionSyncs(options: {
  log: Logger
  now?: () => Date
}): Promise<ScheduledRunReport> {
  const actor = systemActor('suppression-sync-schedule')
  const now = options.now ?? (() => new Date())
  const outcomes: ScheduledRunReport['outcomes'] = {}
  for (const entry of await Repo.listEnrolled()) {
    let outcome: ScheduledOutcome
    try {
      outcome = await runOne(entry, now(), (connection) => startRun(actor, connection))
    } catch (error) {
      options.log.error('suppression_sync.schedule_failed', {
        organizationId: entry.orgId,
        awsAccountId: entry.awsAccountId,
        error,
      })
      outcome = 'failed'
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
  }
  options.log.info('suppression_sync.scheduled', { outcomes })
  return { outcomes }
}
