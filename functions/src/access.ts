import type { EndpointGroup, FunctionAccess, QueueName, ScheduleName } from '@app/contracts'
import { access as account } from './http/account.access'
import { access as admin } from './http/admin.access'
import { access as apiKeys } from './http/api-keys.access'
import { access as auditLog } from './http/audit-log.access'
import { access as auth } from './http/auth.access'
import { access as awsAccounts } from './http/aws-accounts.access'
import { access as billing } from './http/billing.access'
import { access as blocks } from './http/blocks.access'
import { access as campaignChecks } from './http/campaign-checks.access'
import { access as campaignReports } from './http/campaign-reports.access'
import { access as campaigns } from './http/campaigns.access'
import { access as contactTransfer } from './http/contact-transfer.access'
import { access as contacts } from './http/contacts.access'
import { access as docs } from './http/docs.access'
import { access as emailIdentities } from './http/email-identities.access'
import { access as errorTunnel } from './http/error-tunnel.access'
import { access as jobs } from './http/jobs.access'
import { access as organizations } from './http/organizations.access'
import { access as publicAudience } from './http/public-audience.access'
import { access as publicCampaigns } from './http/public-campaigns.access'
import { access as publicEmails } from './http/public-emails.access'
import { access as sesEvents } from './http/ses-events.access'
import { access as sesMonitoring } from './http/ses-monitoring.access'
import { access as sesSync } from './http/ses-sync.access'
import { access as stripeWebhook } from './http/stripe-webhook.access'
import { access as suppression } from './http/suppression.access'
import { access as teams } from './http/teams.access'
import { access as templates } from './http/templates.access'
import { access as topics } from './http/topics.access'
import { access as unsubscribe } from './http/unsubscribe.access'
import { access as webhooks } from './http/webhooks.access'
import { access as billingEventsWorker } from './workers/billing-events.access'
import { access as campaignDispatchWorker } from './workers/campaign-dispatch.access'
import { access as campaignEventsWorker } from './workers/campaign-events.access'
import { access as campaignPausedMailWorker } from './workers/campaign-paused-mail.access'
import { access as campaignScheduleWorker } from './workers/campaign-schedule.access'
import { access as campaignSendWorker } from './workers/campaign-send.access'
import { access as contactTransferWorker } from './workers/contact-transfer.access'
import { access as eventDispatcher } from './workers/event-dispatcher.access'
import { access as jobsWorker } from './workers/jobs.access'
import { access as purgeWorker } from './workers/purge.access'
import { access as sesMonitoringEventsWorker } from './workers/ses-monitoring-events.access'
import { access as suppressionSyncSchedule } from './workers/suppression-sync-schedule.access'
import { access as webhookDeliveriesWorker } from './workers/webhook-deliveries.access'

/**
 * What each function may touch, as declared beside it (`http/<group>.access.ts`, `workers/<worker>.access.ts`);
 * the CDK stack grants exactly this. Only type imports and the declarations: the CDK app imports this module
 * without loading any handler. A new endpoint group or queue fails to compile until its declaration is listed,
 * and `access.test.ts` fails on a declaration file that is not.
 */
export const HTTP_ACCESS: Record<EndpointGroup, FunctionAccess> = {
  account,
  organizations,
  auth,
  docs,
  'error-tunnel': errorTunnel,
  billing,
  'stripe-webhook': stripeWebhook,
  admin,
  'aws-accounts': awsAccounts,
  'email-identities': emailIdentities,
  templates,
  blocks,
  'ses-monitoring': sesMonitoring,
  'ses-events': sesEvents,
  'ses-sync': sesSync,
  jobs,
  topics,
  contacts,
  suppression,
  'contact-transfer': contactTransfer,
  unsubscribe,
  campaigns,
  'campaign-reports': campaignReports,
  'campaign-checks': campaignChecks,
  webhooks,
  'public-campaigns': publicCampaigns,
  'public-emails': publicEmails,
  'public-audience': publicAudience,
  'api-keys': apiKeys,
  'audit-log': auditLog,
  teams,
}

/** Each queue's worker (`QUEUES[name].worker`), by queue name. */
export const WORKER_ACCESS: Record<QueueName, FunctionAccess> = {
  purge: purgeWorker,
  jobs: jobsWorker,
  contactTransfer: contactTransferWorker,
  campaignDispatch: campaignDispatchWorker,
  campaignSend: campaignSendWorker,
  campaignSchedule: campaignScheduleWorker,
  campaignEvents: campaignEventsWorker,
  billingEvents: billingEventsWorker,
  sesMonitoringEvents: sesMonitoringEventsWorker,
  campaignPausedMail: campaignPausedMailWorker,
  webhookDeliveries: webhookDeliveriesWorker,
}

/** The domain-event dispatcher (the table's stream → `workers/event-dispatcher.ts`). */
export const EVENT_DISPATCHER_ACCESS: FunctionAccess = eventDispatcher

/** Each scheduled function (`SCHEDULES[name].worker`), by schedule name. */
export const SCHEDULE_ACCESS: Record<ScheduleName, FunctionAccess> = {
  suppressionSync: suppressionSyncSchedule,
}
