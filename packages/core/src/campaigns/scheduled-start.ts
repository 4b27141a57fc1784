import { getCampaignRecord } from './campaigns.repo'
import { refusalsOf } from './checks'
import { changeCampaign } from './state'
import { send } from './transitions'

/** Who starts a campaign at its scheduled time. */
const SCHEDULER = { type: 'system', name: 'campaigns.scheduler' } as const

/**
 * The schedule's handler (EventBridge Scheduler's one-time schedule, the local timer): starts a SCHEDULED
 * campaign whose time has come. Safe to call again or late: anything but a due SCHEDULED campaign is left
 * alone (`not_due`, `not_scheduled`). A campaign the pre-flight now refuses (the template lost its unsubscribe
 * link, the sender its verification …) goes back to DRAFT with the reason in `pauseReason`.
 */
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
