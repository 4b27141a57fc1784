import {
  type BulkResult,
  type ConsentEntry,
  type ConsentSourceKind,
  type Contact,
  type ContactDetail,
  type PreferenceStatus,
  type SuppressionReason,
  type SuppressionSyncStatus,
  type Topic,
  TopicNameSchema,
} from '@app/contracts'
import type { BadgeColor } from '../../components/ui/badge'
import type { TopicStatus } from './contact-view'

/** A topic's default, or an explicit choice other than pending (contracts' audience subscription status). */
export type OptStatus = Topic['defaultSubscriptionStatus']

const integer = new Intl.NumberFormat('en-US')

/** `12,480` */
export const countText = (count: number) => integer.format(count)

export const DEFAULT_STATUS_TEXT: Record<OptStatus, string> = {
  OPT_IN: 'Subscribed by default',
  OPT_OUT: 'Opt-in only',
}

export const STATUS_FILTER_TEXT: Record<TopicStatus, string> = {
  optIn: 'Subscribed',
  optOut: 'Unsubscribed',
  pending: 'Waiting for confirmation',
}

export const PREFERENCE_TEXT: Record<PreferenceStatus, { label: string; color: BadgeColor }> = {
  OPT_IN: { label: 'Subscribed', color: 'green' },
  OPT_OUT: { label: 'Unsubscribed', color: 'neutral' },
  PENDING: { label: 'Waiting for confirmation', color: 'yellow' },
}

export const SUPPRESSION_TEXT: Record<SuppressionReason, string> = {
  UNSUBSCRIBED: 'The person unsubscribed from everything.',
  BOUNCED: 'Mail to this address bounced permanently (or three times in a row).',
  COMPLAINED: 'The person marked a message as spam.',
  SES_SUPPRESSION_LIST: 'The address is on your AWS account’s SES suppression list.',
}

export const SOURCE_TEXT: Record<ConsentSourceKind, string> = {
  manual: 'Changed in the dashboard',
  api: 'Changed through the API',
  import: 'CSV import',
  bulk: 'Bulk change in the dashboard',
  'unsubscribe-page': 'The person, on the unsubscribe page',
  'one-click': 'The person, with one-click unsubscribe from their mail app',
  'preference-page': 'The person, on the preferences page',
  signup: 'Signup form',
  'signup-confirmation': 'The person confirmed their signup',
  bounce: 'A bounce reported by SES',
  complaint: 'A complaint reported by SES',
  'ses-suppression-list': 'Your AWS account’s SES suppression list',
  'topic-deleted': 'The topic was deleted',
  'campaign-action': 'An action on a campaign’s report',
}

/** Where a contact came from, after 'Added …'. */
export const CONTACT_SOURCE_TEXT: Record<Contact['source']['kind'], string> = {
  manual: 'in the dashboard',
  api: 'through the API',
  import: 'by a CSV import',
  signup: 'by a signup form',
  'unsubscribe-page': 'from the unsubscribe page',
}

/** The same rule as the API, checked before sending. */
export function topicNameProblem(name: string): string | undefined {
  const result = TopicNameSchema.safeParse(name)
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'Enter a name.')
}

/** `Ana Lima` from the first and last name attributes, or ''. */
export function contactName(contact: Pick<Contact, 'firstName' | 'lastName'>): string {
  return [contact.firstName, contact.lastName].filter((part) => part?.trim()).join(' ')
}

/** What stops mail to this contact, if anything. */
export function contactStateBadge(
  contact: Pick<Contact, 'unsubscribeAll' | 'suppressed'>,
): { label: string; color: BadgeColor } | undefined {
  if (contact.suppressed) return { label: 'Suppressed', color: 'red' }
  if (contact.unsubscribeAll) return { label: 'Unsubscribed from all', color: 'orange' }
  return undefined
}

/** A contact's effective status for a topic (the API's rule: suppression and unsubscribe-all win, then the choice, then the default). */
export function effectiveStatus(
  contact: Pick<Contact, 'unsubscribeAll' | 'suppressed' | 'topicPreferences'>,
  topic: Pick<Topic, 'id' | 'defaultSubscriptionStatus'>,
): { status: PreferenceStatus; explicit: boolean } {
  const explicit = contact.topicPreferences.find((preference) => preference.topicId === topic.id)?.status
  if (contact.suppressed || contact.unsubscribeAll)
    return { status: 'OPT_OUT', explicit: explicit !== undefined }
  return explicit
    ? { status: explicit, explicit: true }
    : { status: topic.defaultSubscriptionStatus, explicit: false }
}

const SUPPRESSED_WHY: Record<SuppressionReason, string> = {
  UNSUBSCRIBED: 'unsubscribed from everything',
  BOUNCED: 'suppressed: their address bounced',
  COMPLAINED: 'suppressed: they marked a message as spam',
  SES_SUPPRESSION_LIST: 'suppressed: on the SES suppression list',
}

/**
 * Why a topic's status is what it is, next to the status on the contact page. A suppression or an
 * unsubscribe-all overrides every topic, so it is named before the person's own choice: a complaint
 * must not read as "their choice".
 */
export function subscriptionWhy(
  contact: Pick<ContactDetail, 'unsubscribeAll' | 'suppression'>,
  subscription: Pick<ContactDetail['subscriptions'][number], 'topicId' | 'explicit'>,
): string {
  const all = contact.suppression?.all
  if (all) return SUPPRESSED_WHY[all.reason]
  if (contact.unsubscribeAll) return SUPPRESSED_WHY.UNSUBSCRIBED
  if (contact.suppression?.topicOptOuts.includes(subscription.topicId)) return 'they left this topic'
  return subscription.explicit ? 'their choice' : 'topic default'
}

/** The names of the topics the contact is effectively subscribed to, in the topics' order. */
export function subscribedTopicNames(
  contact: Pick<Contact, 'unsubscribeAll' | 'suppressed' | 'topicPreferences'>,
  topics: readonly Topic[],
): string[] {
  return topics
    .filter((topic) => effectiveStatus(contact, topic).status === 'OPT_IN')
    .map((topic) => topic.name)
}

/** One line per change of a trail entry: `Product news: no choice → Subscribed`. */
export function trailChanges(entry: ConsentEntry, topics: readonly Pick<Topic, 'id' | 'name'>[]): string[] {
  const name = (id: string) => topics.find((topic) => topic.id === id)?.name ?? 'A deleted topic'
  const status = (value: PreferenceStatus | null) => (value ? PREFERENCE_TEXT[value].label : 'no choice')
  const lines = entry.changes.map(
    (change) => `${name(change.topicId)}: ${status(change.from)} → ${status(change.to)}`,
  )
  if (entry.unsubscribeAll)
    lines.push(entry.unsubscribeAll.to ? 'Unsubscribed from everything' : 'Subscribed again to everything')
  if (entry.suppression)
    lines.push(
      entry.suppression.to ? `Suppressed (${entry.suppression.to.toLowerCase()})` : 'No longer suppressed',
    )
  return lines
}

/** `12 contacts; 1 was not found; 2 stayed unsubscribed (suppressed).` */
export function bulkResultText(result: BulkResult): string {
  const parts = [`${countText(result.succeeded)} ${result.succeeded === 1 ? 'contact' : 'contacts'}`]
  if (result.notFound > 0) parts.push(`${countText(result.notFound)} no longer existed`)
  if (result.suppressed > 0) parts.push(`${countText(result.suppressed)} stayed unsubscribed (suppressed)`)
  return `${parts.join('; ')}.`
}

/**
 * "Last read 3 Nov 2026, 04:17: 12 addresses, 2 newly suppressed." — when the AWS account's SES suppression list was
 * last read into the organization's, and what it found (the running read's figures so far).
 */
export function suppressionSyncText(
  status: SuppressionSyncStatus,
  dateText: (iso: string) => string,
): string {
  const { read, suppressed } = status.counts
  const found = `${countText(read)} ${read === 1 ? 'address' : 'addresses'}, ${countText(suppressed)} newly suppressed`
  const daily = 'It is read again every day.'
  if (status.state === 'never')
    return `Never read yet. Addresses on your AWS account’s SES suppression list are suppressed here too once it is read. ${daily}`
  if (status.state === 'running') return `Reading the list now: ${found} so far.`
  const when = status.lastRanAt ? dateText(status.lastRanAt) : 'an unknown time'
  if (status.state === 'failed') return `The last read, ${when}, failed. ${daily}`
  return `Last read ${when}: ${found}. ${daily}`
}
