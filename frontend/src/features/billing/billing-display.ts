import {
  type Invoice,
  LIVE_SUBSCRIPTION_STATUSES,
  type Seats,
  type SubscriptionStatus,
  type SubscriptionSummary,
} from '@app/contracts'
import type { BadgeColor } from '../../components/ui/badge'

/** The app's one locale: every screen is in English, so numbers and dates read the same everywhere. */
const LOCALE = 'en-US'

/**
 * An amount in the currency's minor unit (Stripe's cents) as money: 4900 usd → '$49.00', 5000 jpy → '¥5,000'.
 * The number of minor digits comes from Intl, so zero-decimal currencies are not divided by 100.
 */
export function formatMoney(minorAmount: number, currency: string): string {
  const code = currency.toUpperCase()
  let format: Intl.NumberFormat
  try {
    format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: code })
  } catch {
    // A code Intl does not know: show the number with the code rather than fail the page.
    return `${(minorAmount / 100).toLocaleString(LOCALE, { minimumFractionDigits: 2 })} ${code}`
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return format.format(minorAmount / 10 ** digits)
}

/** 'Mar 5, 2025' in the viewer's time zone (or the given one, for tests). */
export function formatDate(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(
    new Date(iso),
  )
}

export type StatusTone = 'success' | 'info' | 'warning' | 'danger' | 'neutral'

export interface StatusText {
  label: string
  badge: BadgeColor
  tone: StatusTone
  /** What it means for the organization and what to do, when there is something to say. */
  guidance?: string
}

const SUBSCRIPTION_STATUS_TEXT: Record<SubscriptionStatus, StatusText> = {
  active: { label: 'Active', badge: 'green', tone: 'success' },
  trialing: {
    label: 'Trialing',
    badge: 'blue',
    tone: 'info',
    guidance: 'The trial is on. The card on file is charged when it ends, unless you cancel before.',
  },
  past_due: {
    label: 'Past due',
    badge: 'orange',
    tone: 'warning',
    guidance:
      'The last payment did not go through. Update the payment method to keep the plan; the charge is retried automatically.',
  },
  incomplete: {
    label: 'Incomplete',
    badge: 'yellow',
    tone: 'warning',
    guidance:
      'The first payment has not completed yet, for example because the bank asked for a confirmation. Finish it from Manage payment & subscription.',
  },
  incomplete_expired: {
    label: 'Expired',
    badge: 'neutral',
    tone: 'danger',
    guidance:
      'The first payment was never completed, so the subscription did not start. Choose a plan again.',
  },
  unpaid: {
    label: 'Unpaid',
    badge: 'neutral',
    tone: 'danger',
    guidance:
      'Payments failed several times, so paid features are closed. Pay the open invoice or update the payment method to reopen them.',
  },
  canceled: {
    label: 'Canceled',
    badge: 'neutral',
    tone: 'neutral',
    guidance: 'The subscription has ended. Choose a plan to get paid features back.',
  },
  paused: {
    label: 'Paused',
    badge: 'neutral',
    tone: 'warning',
    guidance: 'The subscription is paused, so paid features are closed until it resumes.',
  },
}

/** Readable words for a subscription status (never the raw `past_due`). */
export function subscriptionStatusText(status: SubscriptionStatus): StatusText {
  return SUBSCRIPTION_STATUS_TEXT[status]
}

/** A subscription that still grants its plan, so plan changes go through the provider's portal. */
export function isLiveSubscription(subscription: SubscriptionSummary | null | undefined): boolean {
  return subscription != null && LIVE_SUBSCRIPTION_STATUSES.includes(subscription.status)
}

/** 'Renews on …', 'Cancels on …' or 'Ended on …'; undefined when the provider gave no date. */
export function renewalText(subscription: SubscriptionSummary, timeZone?: string): string | undefined {
  if (!subscription.currentPeriodEnd) return undefined
  const date = formatDate(subscription.currentPeriodEnd, timeZone)
  if (!isLiveSubscription(subscription)) return `Ended on ${date}`
  if (subscription.cancelAtPeriodEnd) return `Cancels on ${date}`
  if (subscription.status === 'trialing') return `Trial ends on ${date}`
  return `Renews on ${date}`
}

const INVOICE_STATUS_TEXT: Record<Invoice['status'], { label: string; badge: BadgeColor }> = {
  draft: { label: 'Draft', badge: 'neutral' },
  open: { label: 'Open', badge: 'blue' },
  paid: { label: 'Paid', badge: 'green' },
  uncollectible: { label: 'Uncollectible', badge: 'orange' },
  void: { label: 'Void', badge: 'neutral' },
}

export function invoiceStatusText(status: Invoice['status']): { label: string; badge: BadgeColor } {
  return INVOICE_STATUS_TEXT[status]
}

/** The provider's pages only: a checkout or portal URL is followed only when it is http(s). */
export function isNavigableUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

/** The subscription-canceled page's heading for why the dashboard is closed. */
export function endedSubscriptionTitle(status: SubscriptionStatus | null, organizationName: string): string {
  switch (status) {
    case 'unpaid':
      return `The subscription of ${organizationName} is unpaid`
    case 'incomplete':
    case 'incomplete_expired':
      return `The first payment for ${organizationName} did not complete`
    case 'paused':
      return `The subscription of ${organizationName} is paused`
    default:
      return `The subscription of ${organizationName} has ended`
  }
}

/** A plan's seats in words: "Up to 5 members and 3 AWS accounts", "1 member and up to 2 AWS accounts". */
export function seatsText(seats: Seats): string {
  const members = seats.members === 1 ? '1 member' : `Up to ${seats.members} members`
  const awsAccounts =
    seats.awsAccounts === 1
      ? '1 AWS account'
      : `${seats.members === 1 ? 'up to ' : ''}${seats.awsAccounts} AWS accounts`
  return `${members} and ${awsAccounts}`
}
