import type { BadgeColor } from '../../components/ui/badge'
import { countText, plural } from './campaign-display'

/** A rate as the report API gives it: a fraction 0..1, or null when its denominator is 0. */
export type Rate = number | null

/**
 * `42.3%`, `0.08%`, `100%`, `—` (no denominator yet). Small rates keep two decimals: a complaint rate of
 * 0.08 % must not read as 0.1 % next to SES's 0.1 % threshold.
 */
export function percentText(rate: Rate): string {
  if (rate === null || !Number.isFinite(rate)) return '—'
  const percent = rate * 100
  if (percent === 0) return '0%'
  const digits = percent >= 1 ? 1 : 2
  const text = percent
    .toFixed(digits)
    .replace(/\.0+$/, '')
    .replace(/(\.\d*?)0+$/, '$1')
  return `${text}%`
}

/** `1,204 (42.3%)`, or just the count when the rate has no denominator. */
export function countWithRate(count: number, rate: Rate): string {
  return rate === null ? countText(count) : `${countText(count)} (${percentText(rate)})`
}

/** SES's review thresholds (bounce 5 %/10 %, complaint 0.1 %/0.5 %) as the report API states them. */
export interface RateWarning {
  kind: 'bounce' | 'complaint'
  level: 'warning' | 'critical'
  rate: number
  threshold: number
}

/** The sentence a warning shows: what crossed what, and what SES does about it. */
export function warningText(warning: RateWarning): { title: string; body: string } {
  const what = warning.kind === 'bounce' ? 'Bounce rate' : 'Complaint rate'
  const title = `${what} ${percentText(warning.rate)}: at or above SES's ${percentText(warning.threshold)} ${
    warning.level === 'critical' ? 'limit' : 'warning level'
  }`
  const body =
    warning.level === 'critical'
      ? 'At this rate SES may pause sending for the whole AWS account. Stop sending to this audience until the list is cleaned.'
      : warning.kind === 'bounce'
        ? 'SES reviews accounts whose bounce rate stays above 5%. Remove the bounced addresses and check where this list came from.'
        : 'SES reviews accounts whose complaint rate stays above 0.1%. Send only to people who asked for this mail, and make unsubscribing easy.'
  return { title, body }
}

export type TimelineGranularity = 'hour' | 'day'
export interface TimelinePoint {
  at: string
  opens: number
  clicks: number
}

/** One row of the chart's text equivalent: a period, or a run of quiet periods folded into one. */
export interface TimelineRow {
  from: string
  /** The last period's start when several quiet periods were folded; else equal to `from`. */
  to: string
  opens: number
  clicks: number
  quiet: boolean
}

/**
 * The chart as rows a screen reader can walk: each period with opens or clicks on its own row, and each run of
 * two or more periods with neither folded into one "no activity" row (48 hourly rows are mostly quiet).
 */
export function timelineRows(points: readonly TimelinePoint[]): TimelineRow[] {
  const rows: TimelineRow[] = []
  for (const point of points) {
    const quiet = point.opens === 0 && point.clicks === 0
    const last = rows.at(-1)
    if (quiet && last?.quiet) {
      last.to = point.at
      continue
    }
    rows.push({ from: point.at, to: point.at, opens: point.opens, clicks: point.clicks, quiet })
  }
  return rows
}

const HOUR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** A period's label: `Nov 25, 2:00 PM` for an hour (local time), `Nov 25` for a day (UTC days, as counted). */
export function periodText(
  iso: string,
  granularity: TimelineGranularity,
  format?: Intl.DateTimeFormat,
): string {
  return (format ?? (granularity === 'hour' ? HOUR : DAY)).format(new Date(iso))
}

/** A row's period: one label, or `from – to` for a folded run. */
export function rowPeriodText(
  row: TimelineRow,
  granularity: TimelineGranularity,
  format?: Intl.DateTimeFormat,
): string {
  const from = periodText(row.from, granularity, format)
  return row.from === row.to ? from : `${from} – ${periodText(row.to, granularity, format)}`
}

/** The chart in one sentence: totals and the busiest period. */
export function timelineSummary(
  points: readonly TimelinePoint[],
  granularity: TimelineGranularity,
  format?: Intl.DateTimeFormat,
): string {
  const opens = points.reduce((sum, point) => sum + point.opens, 0)
  const clicks = points.reduce((sum, point) => sum + point.clicks, 0)
  const unit = granularity === 'hour' ? 'hour' : 'day'
  if (opens === 0 && clicks === 0) return `No opens or clicks yet, ${unit} by ${unit}.`
  const busiest = points.reduce((best, point) =>
    point.opens + point.clicks > best.opens + best.clicks ? point : best,
  )
  const when = periodText(busiest.at, granularity, format)
  return `${plural(opens, 'open')} and ${plural(clicks, 'click')}, ${unit} by ${unit}; the busiest ${unit} was ${when} with ${plural(busiest.opens, 'open')} and ${plural(busiest.clicks, 'click')}.`
}

/** Outcome filters of the recipients table, with the wording of its empty state. */
export const OUTCOME_TEXT = {
  delivered: { label: 'Delivered', none: 'No recipient has a delivery yet.' },
  opened: { label: 'Opened', none: 'Nobody has opened it yet.' },
  clicked: { label: 'Clicked', none: 'Nobody has clicked a link yet.' },
  bounced: { label: 'Bounced', none: 'No recipient bounced.' },
  complained: { label: 'Complained', none: 'Nobody marked it as spam.' },
  unsubscribed: { label: 'Unsubscribed', none: 'Nobody unsubscribed through this campaign.' },
  failed: { label: 'Failed', none: 'No send failed.' },
  skipped: { label: 'Skipped', none: 'No recipient was skipped.' },
} as const

export type ActivityTypeName =
  | 'SENT'
  | 'DELIVERED'
  | 'OPENED'
  | 'CLICKED'
  | 'BOUNCED'
  | 'COMPLAINED'
  | 'UNSUBSCRIBED'
  | 'FAILED'
  | 'SKIPPED'

export const ACTIVITY_TEXT: Record<ActivityTypeName, { label: string; color: BadgeColor }> = {
  SENT: { label: 'Sent', color: 'neutral' },
  DELIVERED: { label: 'Delivered', color: 'green' },
  OPENED: { label: 'Opened', color: 'blue' },
  CLICKED: { label: 'Clicked', color: 'purple' },
  BOUNCED: { label: 'Bounced', color: 'red' },
  COMPLAINED: { label: 'Complained', color: 'red' },
  UNSUBSCRIBED: { label: 'Unsubscribed', color: 'orange' },
  FAILED: { label: 'Failed', color: 'red' },
  SKIPPED: { label: 'Skipped', color: 'yellow' },
}

/** `Permanent · NoEmail` → `Hard bounce: no such address`. */
export function bounceText(type: string, subType: string): string {
  const kind =
    type === 'Permanent' ? 'Hard bounce' : type === 'Transient' ? 'Soft bounce' : 'Undetermined bounce'
  const reason = BOUNCE_SUBTYPE_TEXT[subType]
  return reason ? `${kind}: ${reason}` : subType ? `${kind} (${subType})` : kind
}

const BOUNCE_SUBTYPE_TEXT: Record<string, string> = {
  General: 'general',
  NoEmail: 'no such address',
  Suppressed: 'on SES’s suppression list',
  OnAccountSuppressionList: 'on your account’s suppression list',
  MailboxFull: 'mailbox full',
  MessageTooLarge: 'message too large',
  ContentRejected: 'content rejected',
  AttachmentRejected: 'attachment rejected',
  Undetermined: 'reason not given',
}

/** Which campaigns the compare view reads from `?ids=a,b,c`: distinct, non-empty, at most `max`. */
export function compareIds(search: URLSearchParams, max: number): string[] {
  const ids = (search.get('ids') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
  return [...new Set(ids)].slice(0, max)
}

/** The best of a row of rates, for the compare view's emphasis: highest, or lowest for the bad ones. */
export function bestIndex(rates: readonly Rate[], lowerIsBetter: boolean): number | undefined {
  let best: number | undefined
  rates.forEach((rate, index) => {
    if (rate === null) return
    const current = best === undefined ? null : (rates[best] as number)
    if (current === null || (lowerIsBetter ? rate < current : rate > current)) best = index
  })
  const known = rates.filter((rate) => rate !== null)
  return known.length >= 2 && new Set(known).size > 1 ? best : undefined
}
