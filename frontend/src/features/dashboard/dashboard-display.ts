import { FINISHED_JOB_STATUSES, type JobSummary, SES_REPUTATION_THRESHOLDS } from '@app/contracts'
import type { BadgeColor } from '../../components/ui/badge'

/** Where a bounce or complaint rate stands against what SES enforces (spec: bounce 5 % / 10 %, complaint 0.1 % / 0.5 %). */
export type ThresholdLevel = 'ok' | 'warning' | 'atRisk'
export type ReputationKind = keyof typeof SES_REPUTATION_THRESHOLDS

/** SES reviews the account at the first threshold and may pause sending at the second. */
export function thresholdLevel(kind: ReputationKind, rate: number | null): ThresholdLevel {
  if (rate === null || !Number.isFinite(rate)) return 'ok'
  const { review, pause } = SES_REPUTATION_THRESHOLDS[kind]
  if (rate >= pause) return 'atRisk'
  if (rate >= review) return 'warning'
  return 'ok'
}

export const THRESHOLD_BADGES: Record<ThresholdLevel, { label: string; color: BadgeColor }> = {
  ok: { label: 'Healthy', color: 'green' },
  warning: { label: 'Warning', color: 'orange' },
  atRisk: { label: 'At risk', color: 'red' },
}

const percentFormats = new Map<number, Intl.NumberFormat>()

/** A fraction as a percentage with up to `digits` decimals: 0.0123 → '1.23 %'; null → '—'. */
export function percentText(fraction: number | null, digits = 2): string {
  if (fraction === null || !Number.isFinite(fraction)) return '—'
  let format = percentFormats.get(digits)
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits })
    percentFormats.set(digits, format)
  }
  return `${format.format(fraction * 100)} %`
}

/** 'Warning at 5 %, at risk at 10 %' — the thresholds of one kind, in words. */
export function thresholdText(kind: ReputationKind): string {
  const { review, pause } = SES_REPUTATION_THRESHOLDS[kind]
  return `warning at ${percentText(review)}, at risk at ${percentText(pause)}`
}

const DAY_MS = 86_400_000
/** The reputation window: SES judges rates over a representative volume, so the home looks at the last week. */
export const REPUTATION_WINDOW_DAYS = 7

/** The instant range of the reputation window ending at `now`, whole minutes so the query key stays put. */
export function reputationRange(now: number): { from: string; to: string } {
  const to = Math.ceil(now / 60_000) * 60_000
  return {
    from: new Date(to - REPUTATION_WINDOW_DAYS * DAY_MS).toISOString(),
    to: new Date(to).toISOString(),
  }
}

/** Jobs still queued or running, oldest first (the one that started first finishes first). */
export function runningJobs<J extends Pick<JobSummary, 'status' | 'createdAt'>>(jobs: readonly J[]): J[] {
  return jobs
    .filter((job) => !FINISHED_JOB_STATUSES.includes(job.status))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

/** 0–100, whole, for a job's bar. */
export function jobPercent(counts: Pick<JobSummary['counts'], 'total' | 'done'>): number {
  if (counts.total <= 0) return 0
  return Math.min(100, Math.floor((counts.done / counts.total) * 100))
}

export interface HealthInput {
  sendingEnabled: boolean
  enforcementStatus: string | null
  sendQuota: { max24HourSend: number; sentLast24Hours: number }
  /** Null when no rates are known (monitoring off, or not on the plan). */
  rates: { bounce: number | null; complaint: number | null } | null
}

export interface HealthSummary {
  level: ThresholdLevel
  /** What needs a look, most serious first; empty when all is well. */
  reasons: string[]
}

const SEVERITY: Record<ThresholdLevel, number> = { ok: 0, warning: 1, atRisk: 2 }

/** The quota used today as a whole percent (never 100 before it is used up); null without a daily limit. */
export function quotaPercent(sendQuota: HealthInput['sendQuota']): number | null {
  const { max24HourSend: max, sentLast24Hours } = sendQuota
  if (max < 0) return null
  const sent = Math.max(0, sentLast24Hours)
  if (sent >= max) return sent > 0 || max === 0 ? 100 : 0
  return Math.min(99, Math.floor((sent / max) * 100))
}

/** One word for the account's state, and why: what a sender checks first thing in the morning. */
export function healthSummary(input: HealthInput): HealthSummary {
  const found: { level: ThresholdLevel; reason: string }[] = []
  if (input.enforcementStatus === 'SHUTDOWN')
    found.push({ level: 'atRisk', reason: 'AWS has shut down sending for this account.' })
  else if (input.enforcementStatus === 'PROBATION')
    found.push({ level: 'warning', reason: 'AWS has put this account on probation.' })
  if (!input.sendingEnabled && input.enforcementStatus !== 'SHUTDOWN')
    found.push({ level: 'atRisk', reason: 'Sending is paused.' })
  const quota = quotaPercent(input.sendQuota)
  if (quota === 100) found.push({ level: 'atRisk', reason: 'The daily quota is used up.' })
  else if (quota !== null && quota >= 80)
    found.push({ level: 'warning', reason: `${quota} % of the daily quota is used.` })
  for (const kind of ['bounce', 'complaint'] as const) {
    const rate = input.rates?.[kind] ?? null
    const level = thresholdLevel(kind, rate)
    if (level !== 'ok')
      found.push({
        level,
        reason: `The ${kind} rate is ${percentText(rate)} (${thresholdText(kind)}).`,
      })
  }
  found.sort((a, b) => SEVERITY[b.level] - SEVERITY[a.level])
  return { level: found[0]?.level ?? 'ok', reasons: found.map((item) => item.reason) }
}

export interface RateFact {
  label: string
  value: string
  /** Set for bounce and complaint rates that reach a threshold. */
  level?: Exclude<ThresholdLevel, 'ok'>
}

/** A campaign's rates as the home lists them: opens and clicks, and bounces and complaints once they need a look. */
export function campaignRateFacts(rates: {
  open: number | null
  click: number | null
  bounce: number | null
  complaint: number | null
}): RateFact[] {
  const facts: RateFact[] = [
    { label: 'Opened', value: percentText(rates.open, 1) },
    { label: 'Clicked', value: percentText(rates.click, 1) },
  ]
  for (const kind of ['bounce', 'complaint'] as const) {
    const level = thresholdLevel(kind, rates[kind])
    if (level !== 'ok')
      facts.push({
        label: kind === 'bounce' ? 'Bounced' : 'Complained',
        value: percentText(rates[kind]),
        level,
      })
  }
  return facts
}
