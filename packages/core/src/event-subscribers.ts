import type { QueueName } from '@app/contracts'
import { auditSubscribers } from './audit/public'
import { billingSubscribers } from './billing/public'
import {
  campaignPausedSubscribers,
  campaignReportSubscribers,
  campaignScheduleSubscribers,
} from './campaigns/public'
import { queueUrl } from './env'
import type { Subscriber, SubscriberQueue, SubscriberRoutes } from './events/dispatch'
import { purgeAwsAccountSubscribers, purgeOrganizationSubscribers } from './purge/public'
import { sesMonitoringSubscribers } from './ses-monitoring/public'
import { webhookSubscribers } from './webhooks/public'

const subscriberQueue = (name: QueueName, subscribers: readonly Subscriber[]): SubscriberQueue => ({
  name,
  url: () => queueUrl(name),
  subscribers,
})

/**
 * Subscribers that reach outside our table, each on its own queue (`QUEUES` in contracts, with its dead-letter
 * queue and its worker `functions/src/workers/<worker>.ts` holding only that subscriber's access): one that fails
 * is retried alone and delays no other. A subscriber that must run after another (`after`) goes in that one's
 * queue: the organization's purge runs once monitoring has left its AWS accounts (it needs their connections).
 */
export const SUBSCRIBER_QUEUES = {
  billingEvents: subscriberQueue('billingEvents', billingSubscribers),
  sesMonitoringEvents: subscriberQueue('sesMonitoringEvents', [
    ...sesMonitoringSubscribers,
    ...purgeOrganizationSubscribers,
  ]),
  campaignPausedMail: subscriberQueue('campaignPausedMail', campaignPausedSubscribers),
  /** Outgoing webhooks: deliveries written and queued (the same queue carries their attempts), owners mailed. */
  webhookDeliveries: subscriberQueue('webhookDeliveries', webhookSubscribers),
} as const satisfies Partial<Record<QueueName, SubscriberQueue>>

/**
 * Every domain's subscribers and where each runs: the one routing table the dispatcher function is given (so
 * `events/` imports no domain). `inline`: work in our own table and account only (report counts, the purge queue,
 * campaigns' schedules in our EventBridge Scheduler), run by the dispatcher, each on its own (one failing does not
 * stop another). A new domain adds its `subscribers.ts` here: inline, or a queue of its own when it does outside I/O.
 */
export const SUBSCRIBER_ROUTES: SubscriberRoutes = {
  inline: [
    ...campaignScheduleSubscribers,
    ...campaignReportSubscribers,
    ...purgeAwsAccountSubscribers,
    ...auditSubscribers,
  ],
  queues: Object.values(SUBSCRIBER_QUEUES),
}
