import type { BadgeColor } from '../../components/ui/badge'

/** The lifecycle (contracts' campaign status). */
export type CampaignStatusName = 'DRAFT' | 'SCHEDULED' | 'SENDING' | 'PAUSED' | 'SENT' | 'CANCELLED'

/** What the engine keeps per campaign (the ledger's counts). */
export interface CampaignCounts {
  total: number
  pending: number
  sent: number
  failed: number
  skipped: number
  unknown: number
  unconfirmed: number
}

export const STATUS_TEXT: Record<CampaignStatusName, { label: string; color: BadgeColor }> = {
  DRAFT: { label: 'Draft', color: 'neutral' },
  SCHEDULED: { label: 'Scheduled', color: 'purple' },
  SENDING: { label: 'Sending', color: 'blue' },
  PAUSED: { label: 'Paused', color: 'orange' },
  SENT: { label: 'Sent', color: 'green' },
  CANCELLED: { label: 'Cancelled', color: 'neutral' },
}

const integer = new Intl.NumberFormat('en-US')
export const countText = (count: number) => integer.format(count)
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${countText(count)} ${count === 1 ? one : many}`

/** Recipients whose outcome is settled (sent, failed, skipped, unconfirmed); UNKNOWN still waits for SES's event. */
export function doneCount(counts: CampaignCounts): number {
  return counts.sent + counts.failed + counts.skipped + counts.unconfirmed
}

/** Still to send (pending, and the ones being sent or awaiting SES's answer). */
export function remainingCount(counts: CampaignCounts): number {
  return Math.max(0, counts.total - doneCount(counts))
}

/** 0–100, whole: what the progress bar and the list show. */
export function progressPercent(counts: CampaignCounts): number {
  if (counts.total <= 0) return 0
  return Math.min(100, Math.floor((doneCount(counts) / counts.total) * 100))
}

/** The list's one line: `1,204 of 5,000 sent · 3 failed`. */
export function progressText(counts: CampaignCounts): string {
  const parts = [`${countText(counts.sent)} of ${countText(counts.total)} sent`]
  if (counts.failed > 0) parts.push(`${countText(counts.failed)} failed`)
  if (counts.skipped > 0) parts.push(`${countText(counts.skipped)} skipped`)
  if (counts.unconfirmed > 0) parts.push(`${countText(counts.unconfirmed)} unconfirmed`)
  return parts.join(' · ')
}

/** How a finished campaign ended: "Sent", or "Sent, 3 unconfirmed" (SES accepted, its answer never came). */
export function statusLabel(status: CampaignStatusName, counts: CampaignCounts | undefined): string {
  const base = STATUS_TEXT[status].label
  if (status === 'SENT' && counts && counts.unconfirmed > 0)
    return `${base}, ${countText(counts.unconfirmed)} unconfirmed`
  if (status === 'SENT' && counts && counts.failed > 0) return `${base}, ${countText(counts.failed)} failed`
  return base
}

/** `about 12 minutes`, `about 2 hours 5 minutes`, `under a minute`. */
export function durationText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return 'unknown'
  if (seconds < 60) return 'under a minute'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `about ${plural(minutes, 'minute')}`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours >= 48) return `about ${plural(Math.round(hours / 24), 'day')}`
  return rest === 0
    ? `about ${plural(hours, 'hour')}`
    : `about ${plural(hours, 'hour')} ${plural(rest, 'minute')}`
}

/** `14 per second`, `0.5 per second` */
export function rateText(perSecond: number): string {
  const rounded = perSecond >= 10 ? Math.round(perSecond) : Math.round(perSecond * 10) / 10
  return `${countText(rounded)} per second`
}

/** Which state changes each status allows (the API answers 409 to the others; the page offers only these). */
export function allowedActions(
  status: CampaignStatusName,
  counts: Pick<CampaignCounts, 'failed' | 'unconfirmed'> | undefined,
) {
  return {
    pause: status === 'SENDING',
    resume: status === 'PAUSED',
    cancel: status === 'SENDING' || status === 'PAUSED' || status === 'SCHEDULED',
    retryFailed:
      (status === 'SENDING' || status === 'PAUSED' || status === 'SENT') && (counts?.failed ?? 0) > 0,
    retryUnconfirmed: (status === 'SENT' || status === 'PAUSED') && (counts?.unconfirmed ?? 0) > 0,
    edit: status === 'DRAFT' || status === 'SCHEDULED',
    remove: status !== 'SENDING' && status !== 'PAUSED',
  }
}

/** Whether the page should keep reading the campaign (the engine moves it on its own). */
export function isLive(status: CampaignStatusName): boolean {
  return status === 'SENDING' || status === 'SCHEDULED' || status === 'PAUSED'
}

/** The ledger's per-recipient states (contracts' recipient status). */
export type RecipientStatusName =
  | 'PENDING'
  | 'CLAIMED'
  | 'SENT'
  | 'FAILED'
  | 'SKIPPED'
  | 'UNKNOWN'
  | 'UNCONFIRMED'

export const RECIPIENT_STATUS_TEXT: Record<RecipientStatusName, { label: string; color: BadgeColor }> = {
  PENDING: { label: 'Waiting', color: 'neutral' },
  CLAIMED: { label: 'In a batch', color: 'blue' },
  SENT: { label: 'Sent', color: 'green' },
  FAILED: { label: 'Failed', color: 'red' },
  SKIPPED: { label: 'Skipped', color: 'yellow' },
  UNKNOWN: { label: 'Awaiting SES', color: 'purple' },
  UNCONFIRMED: { label: 'Unconfirmed', color: 'orange' },
}

const REASONS: Record<string, string> = {
  'contact.missing_variable': 'Lacks data the template uses',
  'contact.unsubscribed': 'Unsubscribed after the campaign started',
  'contact.deleted': 'Deleted after the campaign started',
  'contact.bounced': 'Bounced after the campaign started',
  'contact.complained': 'Marked a message as spam',
  'ses.rejected': 'SES rejected the message',
  'ses.rendering_failure': 'SES could not render the message',
  'ses.unconfirmed': 'SES never confirmed the send',
}

/** A ledger reason in words: the engine's message, else the code's meaning, none as a dash. */
export function reasonText(reason: { code: string; message: string } | null): string {
  if (!reason) return '—'
  return reason.message || REASONS[reason.code] || reason.code.replaceAll('_', ' ')
}

/** Why a campaign is paused, for the status line. */
export function pauseText(
  pauseReason: { code: string; message: string; at: string } | null,
  waitingUntil: string | null,
  formatDate: (iso: string) => string,
): string | undefined {
  if (waitingUntil)
    return `Waiting for the daily sending quota until ${formatDate(waitingUntil)}; it continues by itself.`
  if (!pauseReason) return undefined
  if (pauseReason.code === 'paused_by_user') return `Paused by a member on ${formatDate(pauseReason.at)}.`
  return `Paused on ${formatDate(pauseReason.at)}: ${pauseReason.message}`
}
