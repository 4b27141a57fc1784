/**
 * What other domains (and the scheduler) may use of campaigns. The records' repository stays private to this
 * folder. Before a send the record holds the status (DRAFT, SCHEDULED); once sending started, the engine's run
 * (`sending/public.ts`) holds it and the record follows (see `view.ts`).
 */
import { getCampaignRecord } from './campaigns.repo'
import type { CampaignRecord } from './model'

export type { CampaignRecord } from './model'

/** A campaign by id in the organization (undefined for another organization's id). */
export const getCampaign = (orgId: string, campaignId: string): Promise<CampaignRecord | undefined> =>
  getCampaignRecord(orgId, campaignId)

/** The audience actions on a campaign's recipients, run as jobs (`CampaignActionJobs.…` in the jobs worker). */
export * as CampaignActionJobs from './actions/run'
/** The audience actions taken on a campaign (its contacts report lists them). */
export { listCampaignAudienceActions } from './actions/runs'
/** Starts an audience action on a campaign's recipients (tag, subscribe, unsubscribe them). */
export { startCampaignAudienceAction } from './actions/start'
/** The campaigns' services (`Campaigns.…` in the functions). */
export * as Campaigns from './campaigns'
/** The mail to the owners when a campaign pauses (collected in `event-subscribers.ts`). */
export { campaignPausedSubscribers } from './paused-mail'
/** The checks before a send (`CampaignPreflight.…` in the campaign-checks function). */
export * as CampaignPreflight from './preflight'
/** Campaign reports (`CampaignReports.…` in the functions). */
export * as CampaignReports from './reports/api'
export { compareCampaigns, getCampaignReport } from './reports/api'
/** A campaign's recipients with their outcome: the CSV download, and an export's source. */
export { campaignContactsSource, downloadCampaignContacts } from './reports/contacts-csv'
export type { EngagementEvent } from './reports/model'
/**
 * The SES events endpoint's way in: the event is queued and counted with its SQS batch by the events worker
 * (`reports/record-batch.repo.ts`), exactly once however often it is delivered.
 */
export { EngagementMessageSchema, enqueueEngagement } from './reports/queue'
/** The events worker's way out: counts a delivered SQS batch of queued events, each exactly once. */
export { type BatchOutcome, recordEngagements } from './reports/record-batch.repo'
/** What the reports count when other domains report something (collected in `event-subscribers.ts`). */
export { campaignReportSubscribers } from './reports/subscribers'
/** A template version's numbers across the campaigns that sent it (the templates' analytics). */
export { getTemplateAnalytics } from './reports/template-analytics'
/** The schedule's handler: starts a SCHEDULED campaign whose time has come (`scheduled-start.ts`). */
export { startScheduledCampaign } from './scheduled-start'
/** EventBridge Scheduler's one-time starts: kept in step with the campaign, and run by the campaign-schedule worker. */
export { campaignScheduleSubscribers, runCampaignSchedule, ScheduledStartSchema } from './scheduling'
/** The organization's default sender (`CampaignSenderDefaults.…` in the campaigns function). */
export * as CampaignSenderDefaults from './sender-defaults'
/** The send engine's dispatcher (the campaign-dispatch worker). */
export { handleDispatch } from './sending/dispatch'
/** SES's word on a sent message (delivered, bounced, complained), recorded on the engine's ledger. */
export { recordSesOutcome, type SesOutcome } from './sending/public'
/** The send engine's queue messages (dispatch, send batches). */
export { DispatchMessageSchema, SendMessageSchema } from './sending/queue'
/** One send batch (the campaign-send worker and the local campaign harness). */
export { runSendBatch, type SendStep } from './sending/send'
/** A campaign's test send (`CampaignTestSend.…` in the campaign-checks function). */
export * as CampaignTestSend from './test-send'
/** The public API (`/api/v1/…`): campaigns for an API key's organization, and transactional sends. */
export { sendTransactional } from './transactional'
export {
  changePublicCampaign,
  createPublicCampaign,
  getPublicCampaign,
  getPublicCampaignReport,
  listPublicCampaigns,
  schedulePublicCampaign,
} from './v1'
