import {
  ATTRIBUTE_NAME_MESSAGE,
  ATTRIBUTE_NAME_PATTERN,
  type Contact,
  ContactNameSchema,
  EmailSchema,
  type PreferenceStatus,
  type Topic,
} from '@app/contracts'

type OptStatus = Topic['defaultSubscriptionStatus']

/** A topic in the form: the contact's own choice, or none (the topic's default applies). */
export type PreferenceChoice = PreferenceStatus | 'DEFAULT'

export interface AttributeRow {
  /** Stable React key. */
  key: string
  name: string
  value: string
}

/** What the add/edit form holds. */
export interface ContactDraft {
  email: string
  firstName: string
  lastName: string
  attributes: AttributeRow[]
  /** By topic id; a topic missing here has no choice. */
  preferences: Record<string, PreferenceChoice>
  unsubscribeAll: boolean
}

export const EMPTY_DRAFT: ContactDraft = {
  email: '',
  firstName: '',
  lastName: '',
  attributes: [],
  preferences: {},
  unsubscribeAll: false,
}

export function draftFromContact(contact: Contact): ContactDraft {
  return {
    email: contact.email,
    firstName: contact.firstName ?? '',
    lastName: contact.lastName ?? '',
    attributes: Object.entries(contact.attributes).map(([name, value]) => ({ key: name, name, value })),
    preferences: Object.fromEntries(
      contact.topicPreferences.map((preference) => [preference.topicId, preference.status]),
    ),
    unsubscribeAll: contact.unsubscribeAll,
  }
}

export interface DraftProblems {
  email?: string
  firstName?: string
  lastName?: string
  /** By attribute row index. */
  attributes?: Record<number, string>
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : (result.error?.issues[0]?.message ?? 'Not valid.')

/** The API's own rules, checked before sending: a whole email, safe names, attribute names unique and usable as variables. */
export function contactDraftProblems(
  draft: ContactDraft,
  { withEmail }: { withEmail: boolean },
): DraftProblems {
  const problems: DraftProblems = {}
  if (withEmail && !EmailSchema.safeParse(draft.email.trim()).success)
    problems.email = 'Enter a whole email address, like ana@example.com.'
  const firstName = draft.firstName.trim() && firstIssue(ContactNameSchema.safeParse(draft.firstName))
  if (firstName) problems.firstName = firstName
  const lastName = draft.lastName.trim() && firstIssue(ContactNameSchema.safeParse(draft.lastName))
  if (lastName) problems.lastName = lastName
  const attributes: Record<number, string> = {}
  const seen = new Set<string>()
  draft.attributes.forEach((row, index) => {
    const name = row.name.trim()
    if (!name && !row.value) return
    if (!ATTRIBUTE_NAME_PATTERN.test(name)) attributes[index] = ATTRIBUTE_NAME_MESSAGE
    else if (seen.has(name)) attributes[index] = 'Each attribute once.'
    seen.add(name)
  })
  if (Object.keys(attributes).length > 0) problems.attributes = attributes
  return problems
}

/** The attributes the form holds, without empty rows. */
export function draftAttributes(draft: ContactDraft): Record<string, string> {
  return Object.fromEntries(
    draft.attributes.filter((row) => row.name.trim()).map((row) => [row.name.trim(), row.value]),
  )
}

/** A new contact's choices: only topics given one (the others follow their default). */
export function newPreferences(
  draft: ContactDraft,
  topicIds: readonly string[],
): { topicId: string; status: OptStatus }[] {
  return topicIds.flatMap((topicId) => {
    const choice = draft.preferences[topicId]
    return choice === 'OPT_IN' || choice === 'OPT_OUT' ? [{ topicId, status: choice }] : []
  })
}

/** An edit's changed choices: a topic set back to its default sends `null`; untouched topics are left out. */
export function changedPreferences(
  initial: ContactDraft,
  draft: ContactDraft,
  topicIds: readonly string[],
): { topicId: string; status: OptStatus | null }[] {
  return topicIds.flatMap((topicId) => {
    const before = initial.preferences[topicId] ?? 'DEFAULT'
    const after = draft.preferences[topicId] ?? 'DEFAULT'
    if (before === after || after === 'PENDING') return []
    return [{ topicId, status: after === 'DEFAULT' ? null : after }]
  })
}
