import type {
  ConsentSourceKind,
  ContactSource,
  OptStatus,
  PreferenceStatus,
  Principal,
  SuppressionReason,
} from '@app/contracts'

/** A topic as stored (`ORG#id / TOPIC#id`). */
export interface TopicRecord {
  id: string
  orgId: string
  name: string
  description: string
  defaultSubscriptionStatus: OptStatus
  doubleOptIn: boolean
  /** Set when a delete starts: the topic takes no new preference and a job removes the existing ones. */
  deleting?: boolean
  createdAt: string
  updatedAt: string
}

/** A contact as stored: its explicit preferences in one map, so one read answers for every topic. */
export interface ContactRecord {
  id: string
  orgId: string
  /** Normalised (trimmed, lower-case); the contact's identity, never changed. */
  email: string
  firstName: string | null
  lastName: string | null
  attributes: Record<string, string>
  /** Explicit preferences: topicId → status (a topic missing here follows its default). */
  topics: Record<string, PreferenceStatus>
  unsubscribeAll: boolean
  /** Mirrors the organization's suppression entry for the address (`all`). */
  suppressed: { reason: SuppressionReason; at: string } | null
  source: ContactSource
  version: number
  createdAt: string
  updatedAt: string
}

/** The organization's suppression entry for one address: it outlives the contact. */
export interface SuppressionRecord {
  email: string
  all: { reason: SuppressionReason; at: string; source: ConsentSourceKind; detail?: string } | null
  /** Topics the person left one by one: never re-subscribed but by the person. */
  topicOptOuts: string[]
  updatedAt: string
}

/** Where a change comes from, recorded on the consent trail. */
export interface ConsentOrigin {
  source: ConsentSourceKind
  /** Who made a manual, bulk, import or API change; null for the person's own. */
  by?: Principal | null
  campaignId?: string
  importId?: string
  jobId?: string
  ip?: string
  userAgent?: string
}

/** A change of subscriptions: per topic a status, or null to drop the explicit preference (the default applies). */
export interface SubscriptionChange {
  topics?: Record<string, PreferenceStatus | null>
  unsubscribeAll?: boolean
}

/** unsubscribeAll or suppressed: every topic is OPT_OUT, whatever the preferences say. */
export const isBlocked = (contact: Pick<ContactRecord, 'unsubscribeAll' | 'suppressed'>) =>
  contact.unsubscribeAll || contact.suppressed !== null

/** The status a contact has for a topic (the only one mailing may read: OPT_IN is mailed, nothing else). */
export function effectiveStatus(
  contact: Pick<ContactRecord, 'unsubscribeAll' | 'suppressed' | 'topics'>,
  topic: Pick<TopicRecord, 'id' | 'defaultSubscriptionStatus'>,
): PreferenceStatus {
  if (isBlocked(contact)) return 'OPT_OUT'
  return contact.topics[topic.id] ?? topic.defaultSubscriptionStatus
}
