import {
  type Campaign,
  type CampaignReport,
  type MachineOpenMode,
  type ReportCounts,
  type ReportRates,
  type ReportTimeline,
  type ReportWarning,
  SES_RATE_THRESHOLDS,
  TIMELINE_HOURLY_SPAN_HOURS,
} from '@app/contracts'
import { type Aggregates, readAggregates } from './aggregates.repo'

/** The report's counts: the ledger's (from the campaign's view) and the events' (aggregates), in one mode. */
export function countsOf(campaign: Campaign, aggregates: Aggregates, mode: MachineOpenMode): ReportCounts {
  const c = aggregates.counters
  const include = mode === 'include'
  return {
    recipients: campaign.counts.total,
    sent: campaign.counts.sent,
    delivered: Math.max(0, c.delivered),
    failed: campaign.counts.failed,
    skipped: campaign.counts.skipped,
    unconfirmed: campaign.counts.unconfirmed,
    rejected: c.rejected,
    deliveryDelays: c.deliveryDelays,
    renderingFailures: c.renderingFailures,
    uniqueOpens: include ? c.uniqueOpens : c.uniqueHumanOpens,
    totalOpens: include ? c.opens : c.opens - c.machineOpens,
    machineOpens: c.machineOpens,
    uniqueClicks: c.uniqueClicks,
    totalClicks: c.clicks,
    hardBounces: c.hardBounces,
    softBounces: c.softBounces,
    // Campaigns counted before this counter existed have bounces but no `bounced`: each kind once per recipient
    // is then the closest count (a recipient with both kinds counts twice).
    bouncedRecipients: c.bounced > 0 ? c.bounced : c.hardBounces + c.softBounces,
    complaints: c.complaints,
    unsubscribes: c.unsubscribes,
  }
}

/** A fraction 0..1 (events reordered against the ledger may briefly overshoot), null over nothing. */
const ratio = (part: number, whole: number) => (whole > 0 ? Math.min(1, Math.max(0, part / whole)) : null)

export function ratesOf(counts: ReportCounts): ReportRates {
  return {
    delivery: ratio(counts.delivered, counts.sent),
    open: ratio(counts.uniqueOpens, counts.delivered),
    click: ratio(counts.uniqueClicks, counts.delivered),
    clickToOpen: ratio(counts.uniqueClicks, counts.uniqueOpens),
    bounce: ratio(counts.hardBounces, counts.sent),
    complaint: ratio(counts.complaints, counts.delivered),
    unsubscribe: ratio(counts.unsubscribes, counts.delivered),
  }
}

/** A warning per SES-reviewed rate at or over a threshold, at the highest level it reaches. */
export function warningsOf(rates: Pick<ReportRates, 'bounce' | 'complaint'>): ReportWarning[] {
  const warnings: ReportWarning[] = []
  for (const kind of ['bounce', 'complaint'] as const) {
    const rate = rates[kind]
    if (rate === null) continue
    const { warning, critical } = SES_RATE_THRESHOLDS[kind]
    if (rate >= critical) warnings.push({ kind, level: 'critical', rate, threshold: critical })
    else if (rate >= warning) warnings.push({ kind, level: 'warning', rate, threshold: warning })
  }
  return warnings
}

const bucketTime = (bucket: string) => {
  const d = bucket.slice(1)
  return Date.UTC(
    +d.slice(0, 4),
    +d.slice(4, 6) - 1,
    +d.slice(6, 8),
    bucket.startsWith('H') ? +d.slice(8, 10) : 0,
  )
}
const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * Opens and clicks over time: hourly while the campaign is less than 48 h old (every hour from the start's, empty
 * ones included), then daily (hour buckets folded into their UTC day, every day from the first to the last).
 */
export function timelineOf(
  buckets: Aggregates['buckets'],
  startedAt: string | null,
  mode: MachineOpenMode,
  now: Date,
): ReportTimeline {
  const start = startedAt ? Date.parse(startedAt) : undefined
  const hourly = start !== undefined && now.getTime() - start < TIMELINE_HOURLY_SPAN_HOURS * HOUR
  const step = hourly ? HOUR : DAY
  const sums = new Map<number, { opens: number; clicks: number }>()
  for (const [key, value] of buckets) {
    const at = Math.floor(bucketTime(key) / step) * step
    const sum = sums.get(at) ?? { opens: 0, clicks: 0 }
    sum.opens += value.opens + (mode === 'include' ? value.machineOpens : 0)
    sum.clicks += value.clicks
    sums.set(at, sum)
  }
  const times = [...sums.keys()]
  if (start !== undefined) times.push(Math.floor(start / step) * step)
  if (hourly) times.push(Math.floor(now.getTime() / step) * step)
  if (times.length === 0) return { granularity: hourly ? 'hour' : 'day', points: [] }
  const first = Math.min(...times)
  const last = Math.max(...times)
  const points: ReportTimeline['points'] = []
  for (let at = first; at <= last; at += step) {
    const sum = sums.get(at) ?? { opens: 0, clicks: 0 }
    points.push({ at: new Date(at).toISOString(), ...sum })
  }
  return { granularity: hourly ? 'hour' : 'day', points }
}

/** The report of a campaign (its view read by the caller: status, ledger counts, start). */
export async function buildReport(
  campaign: Campaign,
  mode: MachineOpenMode,
  now = new Date(),
): Promise<CampaignReport> {
  const aggregates = await readAggregates(campaign.organizationId, campaign.id)
  const counts = countsOf(campaign, aggregates, mode)
  const rates = ratesOf(counts)
  return {
    campaignId: campaign.id,
    status: campaign.status,
    machineOpens: mode,
    counts,
    rates,
    warnings: warningsOf(rates),
    timeline: timelineOf(aggregates.buckets, campaign.startedAt, mode, now),
    links: [...aggregates.links.values()]
      .map((link) => ({ url: link.url, uniqueClicks: link.unique, totalClicks: link.total }))
      .sort(
        (a, b) =>
          b.totalClicks - a.totalClicks || b.uniqueClicks - a.uniqueClicks || a.url.localeCompare(b.url),
      ),
    bounces: [...aggregates.bounces]
      .map(([kind, count]) => {
        const [type = '', subType = ''] = kind.split('/')
        return { type, subType, count }
      })
      .sort(
        (a, b) => b.count - a.count || a.type.localeCompare(b.type) || a.subType.localeCompare(b.subType),
      ),
    updatedAt: now.toISOString(),
  }
}

/** Compare: counts and rates of each campaign, in the order asked. */
export async function compareOf(campaigns: Campaign[], mode: MachineOpenMode) {
  const rows = await Promise.all(
    campaigns.map(async (campaign) => {
      const counts = countsOf(campaign, await readAggregates(campaign.organizationId, campaign.id), mode)
      return {
        id: campaign.id,
        name: campaign.name,
        status: campaign.status,
        startedAt: campaign.startedAt,
        counts,
        rates: ratesOf(counts),
      }
    }),
  )
  return { machineOpens: mode, campaigns: rows }
}
