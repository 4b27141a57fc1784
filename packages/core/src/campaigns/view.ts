import { type Campaign, EMPTY_CAMPAIGN_COUNTS } from '@app/contracts'
import type { CampaignRecord } from './model'
import { type SendingState, sendingState } from './sending/public'
import { changeCampaign } from './state'

/**
 * The campaign as the API shows it. Before sending, its record says all; once sent, the engine's run holds the
 * status (SENDING, PAUSED with its reason, SENT, CANCELLED), `waitingUntil`, the dates and the ledger's counts.
 */
export function campaignOf(record: CampaignRecord, run: SendingState | undefined): Campaign {
  const { orgId, ...fields } = record
  const base = { ...fields, organizationId: orgId }
  if (!run) return { ...base, counts: EMPTY_CAMPAIGN_COUNTS }
  const { claimed, ...counts } = run.counts
  return {
    ...base,
    status: run.status,
    pauseReason: run.status === 'PAUSED' ? run.pauseReason : null,
    waitingUntil: run.status === 'SENDING' ? run.waitingUntil : null,
    counts: { ...counts, pending: counts.pending + claimed },
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  }
}

/** Statuses the run owns once a send started. */
const RUN_OWNED = new Set(['SENDING', 'PAUSED', 'SENT', 'CANCELLED'])

/**
 * The record's status follows its run's (so the list can filter on it): written when they differ. Only campaigns
 * with a run under way are read this way, and a finished one (SENT, CANCELLED) is not read again.
 */
async function follow(record: CampaignRecord, run: SendingState | undefined): Promise<void> {
  if (!run || run.status === record.status) return
  await changeCampaign(record.orgId, record.id, (current) =>
    RUN_OWNED.has(current.status) && current.status !== run.status
      ? { ...current, status: run.status }
      : null,
  )
}

export async function toCampaignView(record: CampaignRecord): Promise<Campaign> {
  const run = RUN_OWNED.has(record.status) ? await sendingState(record.orgId, record.id) : undefined
  await follow(record, run)
  return campaignOf(record, run)
}

/** The views of campaigns whose records say a send is under way, their statuses brought up to date. */
export async function currentViews(records: CampaignRecord[]): Promise<Map<string, Campaign>> {
  const views = await Promise.all(records.map(toCampaignView))
  return new Map(views.map((view) => [view.id, view]))
}
