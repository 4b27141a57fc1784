import type { SesAccountStatus } from '@app/contracts'
import type { BadgeColor } from '../../components/ui/badge'

const LOCALE = 'en-US'
const count = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 })
const rate = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 })

export function formatCount(value: number): string {
  return count.format(value)
}

/** SES counts recipients: 'Up to 14 emails a second'. */
export function sendRateText(maxSendRate: number): string {
  return `${rate.format(maxSendRate)} ${maxSendRate === 1 ? 'email' : 'emails'} per second`
}

export type QuotaLevel = 'ok' | 'high' | 'full'

export interface QuotaUsage {
  sent: number
  /** Null when SES sets no daily limit (a negative Max24HourSend). */
  max: number | null
  remaining: number | null
  /** 0..1, capped: SES can report a little more sent than the quota. */
  ratio: number
  /** Whole percent for the text, never 100 before the quota is really used up. */
  percent: number
  level: QuotaLevel
  /** The gauge in words, for the meter's label and the screen. */
  text: string
}

/** The 24-hour quota as a gauge: how much is used, what is left, and whether it is getting tight (≥ 80 %). */
export function quotaUsage(sendQuota: SesAccountStatus['sendQuota']): QuotaUsage {
  const sent = Math.max(0, sendQuota.sentLast24Hours)
  const max = sendQuota.max24HourSend
  if (max < 0) {
    return {
      sent,
      max: null,
      remaining: null,
      ratio: 0,
      percent: 0,
      level: 'ok',
      text: `${formatCount(sent)} sent in the last 24 hours (no daily limit)`,
    }
  }
  const ratio = max === 0 ? (sent > 0 ? 1 : 0) : Math.min(1, sent / max)
  const remaining = Math.max(0, max - sent)
  const full = remaining === 0 && max >= 0 && (sent > 0 || max === 0)
  const percent = full ? 100 : Math.min(99, Math.floor(ratio * 100))
  const level: QuotaLevel = full ? 'full' : ratio >= 0.8 ? 'high' : 'ok'
  return {
    sent,
    max,
    remaining,
    ratio,
    percent,
    level,
    text: `${formatCount(sent)} of ${formatCount(max)} sent in the last 24 hours (${percent} %), ${formatCount(remaining)} left`,
  }
}

export interface StateText {
  label: string
  badge: BadgeColor
}

export function sandboxText(status: Pick<SesAccountStatus, 'productionAccessEnabled'>): StateText {
  return status.productionAccessEnabled
    ? { label: 'Production', badge: 'green' }
    : { label: 'Sandbox', badge: 'yellow' }
}

const ENFORCEMENT: Record<string, StateText> = {
  HEALTHY: { label: 'Healthy', badge: 'green' },
  PROBATION: { label: 'Probation', badge: 'orange' },
  SHUTDOWN: { label: 'Shut down', badge: 'red' },
}

export function enforcementText(enforcementStatus: string | null): StateText {
  if (!enforcementStatus) return { label: 'Unknown', badge: 'neutral' }
  return ENFORCEMENT[enforcementStatus] ?? { label: humanize(enforcementStatus), badge: 'neutral' }
}

const REVIEW: Record<string, StateText & { guidance: string }> = {
  PENDING: {
    label: 'In review',
    badge: 'blue',
    guidance:
      'AWS is reviewing your request; the answer usually comes within a day, by email to the account’s contacts. Refresh this page to see it here.',
  },
  GRANTED: {
    label: 'Granted',
    badge: 'green',
    guidance: 'AWS granted production access: you can send to any address, within the quotas above.',
  },
  DENIED: {
    label: 'Denied',
    badge: 'red',
    guidance:
      'AWS declined the request. Their email explains why; answer it in the AWS Support case, or send a new request with more detail on how you collect addresses and handle bounces and complaints.',
  },
  FAILED: {
    label: 'Failed',
    badge: 'red',
    guidance:
      'The request could not be submitted. Send it again; if it fails again, open a case with AWS Support.',
  },
}

export function reviewText(status: string): StateText & { guidance: string } {
  return (
    REVIEW[status] ?? {
      label: humanize(status),
      badge: 'neutral',
      guidance: 'AWS holds your request. Refresh this page to see when it changes.',
    }
  )
}

export type GuidanceTone = 'info' | 'warning' | 'danger'

export interface StatusGuidance {
  id: 'shutdown' | 'probation' | 'paused' | 'sandbox'
  tone: GuidanceTone
  title: string
  body: string
}

/** What the account's state means for sending, most serious first. */
export function statusGuidance(
  status: Pick<
    SesAccountStatus,
    'productionAccessEnabled' | 'sendingEnabled' | 'enforcementStatus' | 'review'
  >,
): StatusGuidance[] {
  const guidance: StatusGuidance[] = []
  if (status.enforcementStatus === 'SHUTDOWN') {
    guidance.push({
      id: 'shutdown',
      tone: 'danger',
      title: 'AWS has shut down sending for this account',
      body: 'Usually after bounce or complaint rates stayed too high. Read the email from AWS and answer it in the AWS Support case; SES Studio cannot send until AWS lifts it.',
    })
  } else if (status.enforcementStatus === 'PROBATION') {
    guidance.push({
      id: 'probation',
      tone: 'warning',
      title: 'This account is on probation',
      body: 'AWS saw too many bounces or complaints (it reviews accounts around 5 % bounces or 0.1 % complaints). Send only to people who asked for your mail and remove bad addresses, or AWS may pause sending.',
    })
  }
  if (!status.sendingEnabled && status.enforcementStatus !== 'SHUTDOWN') {
    guidance.push({
      id: 'paused',
      tone: 'warning',
      title: 'Sending is paused',
      body: 'Amazon SES will not send from this account until sending is enabled again in the SES console (or by AWS, if they paused it).',
    })
  }
  if (!status.productionAccessEnabled) {
    guidance.push({
      id: 'sandbox',
      tone: 'info',
      title: 'This account is in the SES sandbox',
      body:
        status.review?.status === 'PENDING'
          ? 'Until AWS grants production access, you can send only to addresses and domains verified in this account, at most 200 emails a day and 1 a second.'
          : 'You can send only to addresses and domains verified in this account, at most 200 emails a day and 1 a second. Request production access to send to anyone.',
    })
  }
  return guidance
}

function humanize(value: string): string {
  const words = value.toLowerCase().replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** 'Mar 5, 2025, 14:03' in the viewer's time zone (or the given one, for tests). */
export function formatCheckedAt(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso))
}
