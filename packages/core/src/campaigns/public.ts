/**
 * What other domains (and the scheduler) may use of campaigns. The records' repository stays private to this
 * folder. Before a send the record holds the status (DRAFT, SCHEDULED); once sending started, the engine's run
 * (`sending/public.ts`) holds it and the record follows (see `view.ts`).
 */
import { getCampaignRecord } from './campaigns.repo'
import { refusalsOf } from './checks'
import type { CampaignRecord } from './model'
import { changeCampaign } from './state'
import { send } from './transitions'

export type { CampaignRecord } from './model'

/** A campaign by id in the organization (undefined for another organization's id). */
export const getCampaign = (orgId: string, campaignId: string): Promise<CampaignRecord | undefined> =>
  getCampaignRecord(orgId, campaignId)

/**
 * The schedule's handler (EventBridge Scheduler's one-time schedule, the local timer): starts a SCHEDULED
 * campaign whose time has come. Safe to call again or late: anything but a due SCHEDULED campaign is left
 * alone (`not_due`, `not_scheduled`). A campaign the pre-flight now refuses (the template lost its unsubscribe
 * link, the sender its verification …) goes back to DRAFT with the reason in `pauseReason`.
 */
/** Who starts a campaign at its scheduled time. */
const SCHEDULER = { type: 'system', name: 'campaigns.scheduler' } as const

export async function startScheduledCampaign(
  orgId: string,
  campaignId: string,
  now = new Date(),
): Promise<'started' | 'refused' | 'not_due' | 'not_scheduled'> {
  const record = await getCampaignRecord(orgId, campaignId)
  if (record?.status !== 'SCHEDULED' || !record.schedule) return 'not_scheduled'
  if (Date.parse(record.schedule.at) > now.getTime()) return 'not_due'
  const refusals = await refusalsOf(record)
  if (refusals.length > 0) {
    await changeCampaign(orgId, campaignId, (current) =>
      current.status === 'SCHEDULED'
        ? {
            ...current,
            status: 'DRAFT',
            pauseReason: {
              code: 'schedule_refused',
              message: `Not sent at its time: ${refusals.map((refusal) => refusal.message).join(' ')}`,
              at: now.toISOString(),
            },
          }
        : null,
    )
    return 'refused'
  }
  await send(record, SCHEDULER, now)
  return 'started'
}

export type { EngagementEvent } from './reports/model'
/**
 * The SES events endpoint's way in: the event is queued and counted with its SQS batch by the events worker
 * (`reports/record-batch.repo.ts`), exactly once however often it is delivered.
 */
export { enqueueEngagement } from './reports/queue'
/** The events worker's way out: counts a delivered SQS batch of queued events, each exactly once. */
export { type BatchOutcome, recordEngagements } from './reports/record-batch.repo'
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
