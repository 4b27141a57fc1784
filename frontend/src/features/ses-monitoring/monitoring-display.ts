import type { CombinedReport, MessageLog, MessageStatus, SesEventType, StatusCounts } from '@app/contracts'
import type { BadgeColor } from '../../components/ui/badge'

const LOCALE = 'en-US'

/** What each kind of event is, as the enable form and the logs name it. */
export const EVENT_TYPE_TEXT: Record<
  SesEventType,
  { plural: string; singular: string; description: string }
> = {
  SEND: {
    plural: 'Sends',
    singular: 'Send',
    description: 'SES accepted the message and will try to send it.',
  },
  DELIVERY: {
    plural: 'Deliveries',
    singular: 'Delivery',
    description: 'The recipient’s mail server accepted the message.',
  },
  BOUNCE: {
    plural: 'Bounces',
    singular: 'Bounce',
    description:
      'The recipient’s mail server refused it: the address does not exist, or the mailbox is full.',
  },
  COMPLAINT: {
    plural: 'Complaints',
    singular: 'Complaint',
    description: 'The recipient marked the message as spam.',
  },
  REJECT: {
    plural: 'Rejects',
    singular: 'Reject',
    description: 'SES refused to send it (it found a virus) and did not try to deliver it.',
  },
  OPEN: {
    plural: 'Opens',
    singular: 'Open',
    description: 'The recipient opened the message (counted by a tracking image SES adds).',
  },
  CLICK: {
    plural: 'Clicks',
    singular: 'Click',
    description: 'The recipient clicked a link (SES rewrites links to count clicks).',
  },
  RENDERING_FAILURE: {
    plural: 'Rendering failures',
    singular: 'Rendering failure',
    description: 'A templated message could not be rendered with the data it was sent with.',
  },
  DELIVERY_DELAY: {
    plural: 'Delays',
    singular: 'Delivery delay',
    description: 'Delivery is delayed for now (a full mailbox, a slow server) and SES keeps trying.',
  },
}

/** Recording opens or clicks changes the message itself: what SES does to it, before the customer turns it on. */
export function trackingNotice(eventTypes: readonly SesEventType[]): string | undefined {
  const opens = eventTypes.includes('OPEN')
  const clicks = eventTypes.includes('CLICK')
  if (!opens && !clicks) return undefined
  const image = 'adds a tiny tracking image to HTML messages'
  const links = 'rewrites every link to pass through an AWS tracking address on the way to yours'
  const what = opens && clicks ? `${image} and ${links}` : opens ? image : links
  return `To count ${opens && clicks ? 'opens and clicks' : opens ? 'opens' : 'clicks'}, SES ${what}. Untick Opens and Clicks to send messages exactly as written.`
}

export interface StatusText {
  label: string
  badge: BadgeColor
}

const STATUS_TEXT: Record<MessageStatus, StatusText> = {
  SENT: { label: 'Sent', badge: 'blue' },
  DELAYED: { label: 'Delayed', badge: 'yellow' },
  DELIVERED: { label: 'Delivered', badge: 'green' },
  OPENED: { label: 'Opened', badge: 'green' },
  CLICKED: { label: 'Clicked', badge: 'purple' },
  RENDERING_FAILED: { label: 'Rendering failed', badge: 'red' },
  REJECTED: { label: 'Rejected', badge: 'red' },
  BOUNCED: { label: 'Bounced', badge: 'red' },
  COMPLAINED: { label: 'Complaint', badge: 'red' },
}

export function messageStatusText(status: MessageStatus): StatusText {
  return STATUS_TEXT[status]
}

const percentSmall = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 2 })
const percentLarge = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1 })

/**
 * A rate (0..1) as people read it: '0.12%', '5.3%', '98.6%'; '—' when there is nothing to divide by. Small rates
 * keep two decimals (SES's complaint threshold is 0.1%), and rounding never shows 0% or 100% for a rate that is
 * neither.
 */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—'
  if (rate > 0 && rate < 0.0001) return '<0.01%'
  const text = (rate < 0.01 ? percentSmall : percentLarge).format(rate)
  if (rate < 1 && text === '100%') return '>99.9%'
  return text
}

export type Reputation = CombinedReport['reputation']['bounce']
type RateKind = keyof CombinedReport['reputation']

export interface ReputationText extends StatusText {
  /** Where the two thresholds are, in words. */
  thresholds: string
}

const REPUTATION_WORDS: Record<Reputation, StatusText> = {
  ok: { label: 'Healthy', badge: 'green' },
  review: { label: 'AWS may review', badge: 'orange' },
  pause: { label: 'AWS may pause sending', badge: 'red' },
}

/** A rate against SES's thresholds: AWS reviews an account from the first and may pause its sending near the second. */
export function reputationText(
  kind: RateKind,
  reputation: Reputation,
  thresholds: CombinedReport['thresholds'][RateKind],
): ReputationText {
  const noun = kind === 'bounce' ? 'bounce' : 'complaint'
  return {
    ...REPUTATION_WORDS[reputation],
    thresholds: `AWS reviews accounts from a ${formatRate(thresholds.review)} ${noun} rate and may pause sending from ${formatRate(thresholds.pause)}.`,
  }
}

/** The rate on a bar whose end is the pause threshold, with the review threshold marked (percent of the bar). */
export function thresholdGauge(
  rate: number | null,
  thresholds: CombinedReport['thresholds'][RateKind],
): { fill: number; review: number } {
  const pause = thresholds.pause > 0 ? thresholds.pause : 1
  return {
    fill: rate === null ? 0 : Math.min(100, Math.max(0, (rate / pause) * 100)),
    review: Math.min(100, (thresholds.review / pause) * 100),
  }
}

/** Below this many sent messages one bounce or complaint moves a rate a lot; SES judges larger volumes. */
export const SMALL_SAMPLE = 100

/** 'ana@example.com', or 'ana@example.com +2 more' for several recipients. */
export function recipientsText(recipients: readonly string[]): string {
  const [first, ...others] = recipients
  if (first === undefined) return '—'
  return others.length === 0 ? first : `${first} +${others.length} more`
}

/** The subject, else the SES template it was sent with. */
export function messageTitle(log: Pick<MessageLog, 'subject' | 'template'>): {
  text: string
  template: boolean
} {
  if (log.subject?.trim()) return { text: log.subject, template: false }
  if (log.template) return { text: log.template, template: true }
  return { text: '(no subject)', template: false }
}

/** 'Mar 5, 2025, 14:03:07' in the viewer's time zone (or the given one, for tests). */
export function formatEventTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso))
}

export interface ChartSeries {
  key: keyof StatusCounts
  label: string
  color: string
  /** A dash pattern, so lines differ by more than colour. */
  dash?: string
  /** Shown until the viewer hides it; the rarer statuses start hidden. */
  shown: boolean
}

/** The chart's lines, one per status count, in the order of a message's life. */
export const CHART_SERIES: readonly ChartSeries[] = [
  { key: 'sent', label: 'Sent', color: '#4f46e5', shown: true },
  { key: 'delivered', label: 'Delivered', color: '#13795b', shown: true },
  { key: 'opened', label: 'Opened', color: '#0b7fbd', dash: '7 3', shown: true },
  { key: 'clicked', label: 'Clicked', color: '#a3368f', dash: '2 3', shown: true },
  { key: 'bounced', label: 'Bounced', color: '#c2410c', dash: '9 4', shown: true },
  { key: 'complained', label: 'Complaints', color: '#1f2937', dash: '1 3', shown: true },
  { key: 'delayed', label: 'Delayed', color: '#a16207', dash: '5 5', shown: false },
  { key: 'rejected', label: 'Rejected', color: '#6b7280', dash: '10 3 2 3', shown: false },
  { key: 'renderingFailed', label: 'Rendering failed', color: '#be123c', dash: '3 2', shown: false },
]

/** A log row's time: 'Mar 5, 14:03' this year, 'Mar 5, 2024, 14:03' before (viewer's zone, or the given one). */
export function formatLogTime(iso: string, now: number, timeZone?: string): string {
  const zone = timeZone ? { timeZone } : {}
  const year = (instant: Date) =>
    new Intl.DateTimeFormat(LOCALE, { year: 'numeric', ...zone }).format(instant)
  const date = new Date(iso)
  return new Intl.DateTimeFormat(LOCALE, {
    month: 'short',
    day: 'numeric',
    ...(year(date) === year(new Date(now)) ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...zone,
  }).format(date)
}
