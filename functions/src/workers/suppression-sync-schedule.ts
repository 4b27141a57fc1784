import { createLogger, SuppressionSchedule } from '@app/core'
import { env } from '../env'

const log = createLogger({ service: 'suppression-sync-schedule' }, env.logLevel)

/**
 * The daily read of every enrolled AWS account's SES suppression list (an EventBridge rule on AWS, a timer in
 * `npm start`): starts a paced job per account; what it started and skipped goes to the log.
 */
export async function handler(): Promise<SuppressionSchedule.ScheduledRunReport> {
  return SuppressionSchedule.runScheduledSuppressionSyncs({ log })
}
