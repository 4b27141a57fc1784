import { billingSubscribers } from './billing/subscribers'
import { campaignPausedSubscribers } from './campaigns/paused-mail'
import { campaignReportSubscribers } from './campaigns/reports/subscribers'
import { campaignScheduleSubscribers } from './campaigns/scheduling'
import type { Subscriber } from './events/dispatch'
import { purgeSubscribers } from './purge/subscribers'
import { sesMonitoringSubscribers } from './ses-monitoring/subscribers'

/**
 * Every domain's subscribers, the one list the dispatcher function is given (so `events/` imports no domain).
 * Order matters within one event: subscribers run in this order and purge comes last. A new domain adds its
 * `subscribers.ts` here.
 */
export const SUBSCRIBERS: readonly Subscriber[] = [
  ...billingSubscribers,
  ...sesMonitoringSubscribers,
  ...campaignScheduleSubscribers,
  ...campaignPausedSubscribers,
  ...campaignReportSubscribers,
  ...purgeSubscribers,
]
