/**
 * What other domains (and the sending engine, `campaigns/sending/`) may use of campaigns. The records'
 * repository stays private to this folder; the campaign's `status` is changed only here and by the API's
 * transitions (`transitions.ts`), never written directly by the engine.
 */
import { getCampaignRecord } from './campaigns.repo'
import type { CampaignRecord } from './model'
import { changeCampaign } from './state'

export type { CampaignRecord } from './model'

/** A campaign by id in the organization (undefined for another organization's id). */
export const getCampaign = (orgId: string, campaignId: string): Promise<CampaignRecord | undefined> =>
  getCampaignRecord(orgId, campaignId)

/**
 * The engine met an account-level error (sending paused, account suspended, identity or MAIL FROM not verified):
 * SENDING → PAUSED with the reason. False when the campaign was not SENDING (already paused, cancelled …), so a
 * batch that races another reports the pause once.
 */
export async function pauseCampaign(
  orgId: string,
  campaignId: string,
  reason: { code: string; message: string },
  at: string = new Date().toISOString(),
): Promise<boolean> {
  const changed = await changeCampaign(orgId, campaignId, (current) =>
    current.status === 'SENDING'
      ? { ...current, status: 'PAUSED', pauseReason: { ...reason, at }, waitingUntil: null }
      : null,
  )
  return Boolean(changed)
}

/**
 * The ledger holds no PENDING or CLAIMED recipient: SENDING → SENT (UNKNOWN/UNCONFIRMED ones are counted as
 * such: "sent, N unconfirmed"). False when it was not SENDING.
 */
export async function finishCampaign(
  orgId: string,
  campaignId: string,
  at: string = new Date().toISOString(),
): Promise<boolean> {
  const changed = await changeCampaign(orgId, campaignId, (current) =>
    current.status === 'SENDING' ? { ...current, status: 'SENT', finishedAt: at, waitingUntil: null } : null,
  )
  return Boolean(changed)
}

/**
 * The daily quota is used up: sending waits until `until` (ISO) and continues by itself; null when it sends
 * again. Only while SENDING; unchanged values write nothing.
 */
export async function setWaitingUntil(
  orgId: string,
  campaignId: string,
  until: string | null,
): Promise<void> {
  await changeCampaign(orgId, campaignId, (current) =>
    current.status === 'SENDING' && current.waitingUntil !== until
      ? { ...current, waitingUntil: until }
      : null,
  )
}
