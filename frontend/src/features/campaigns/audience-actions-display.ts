import {
  type CampaignAudienceAction,
  type CampaignReport,
  can,
  type JobItem,
  type Role,
} from '@app/contracts'

/** The report's audience actions, in the order the page lists them, with what each says before and after. */
export const AUDIENCE_ACTIONS: readonly {
  action: CampaignAudienceAction
  label: string
  /** Who it touches, after a count: '3 contacts who clicked'. */
  who: string
  /** What the confirmation says it does. */
  effect: string
  topic: boolean
  danger: boolean
}[] = [
  {
    action: 'topic-opened',
    label: 'Create a topic with the contacts who opened',
    who: 'opened (machine opens such as Apple Mail Privacy Protection’s left out; a click counts as an open)',
    effect:
      'A new topic is created and they are opted in to it. Suppressed contacts and those unsubscribed from everything are skipped: only the person can subscribe again.',
    topic: true,
    danger: false,
  },
  {
    action: 'topic-clicked',
    label: 'Create a topic with the contacts who clicked',
    who: 'clicked a link',
    effect:
      'A new topic is created and they are opted in to it. Suppressed contacts and those unsubscribed from everything are skipped: only the person can subscribe again.',
    topic: true,
    danger: false,
  },
  {
    action: 'topic-unsubscribed',
    label: 'Create a follow-up topic with the contacts who unsubscribed',
    who: 'unsubscribed through this campaign',
    effect:
      'A new topic is created for follow-up. They are added to it opted out: nobody is subscribed, and nothing is sent to them because of it.',
    topic: true,
    danger: false,
  },
  {
    action: 'unsubscribe-bounced',
    label: 'Unsubscribe the bounced contacts',
    who: 'bounced (hard or soft)',
    effect:
      'They are unsubscribed from everything. Each contact’s consent history records the change, who made it and this campaign.',
    topic: false,
    danger: true,
  },
  {
    action: 'delete-bounced',
    label: 'Delete the bounced contacts',
    who: 'bounced (hard or soft)',
    effect:
      'They are deleted with their subscriptions and history. Hard-bounced addresses stay suppressed: importing them again does not subscribe them.',
    topic: false,
    danger: true,
  },
]

/** How many contacts an action touches: unique recipients with its outcome (opens by readers, as by default). */
export function actionCount(action: CampaignAudienceAction, counts: CampaignReport['counts']): number {
  switch (action) {
    case 'topic-opened':
      return counts.uniqueOpens
    case 'topic-clicked':
      return counts.uniqueClicks
    case 'topic-unsubscribed':
      return counts.unsubscribes
    case 'unsubscribe-bounced':
    case 'delete-bounced':
      return counts.bouncedRecipients
  }
}

/** Why an action cannot run now (its button is disabled with this beside it), or null. */
export function actionBlocked(count: number, role: Role | undefined): string | null {
  if (role && !can(role, 'audience.write')) return 'Your role cannot change the audience.'
  if (count === 0) return 'No contact has this outcome.'
  return null
}

export const contactsText = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'contact' : 'contacts'}`

const TALLY_WORDS: Record<string, string> = {
  optedIn: 'opted in',
  optedOut: 'added opted out',
  unsubscribed: 'unsubscribed',
  deleted: 'deleted',
  already: 'already so',
  skipped: 'skipped (suppressed or unsubscribed from everything)',
  gone: 'no longer exist',
}
const TALLY_ORDER = ['optedIn', 'optedOut', 'unsubscribed', 'deleted', 'already', 'skipped', 'gone']

/** The job's items' tallies summed: 'opted in 120 · skipped (…) 3'. */
export function tallyOf(items: readonly JobItem[]): Record<string, number> {
  const sum: Record<string, number> = {}
  for (const item of items)
    for (const [key, count] of Object.entries(item.tally ?? {})) sum[key] = (sum[key] ?? 0) + count
  return sum
}

/** The result as a sentence list: ['120 contacts opted in', '3 contacts skipped (…)']; empty: none touched. */
export function tallyLines(tally: Record<string, number>): string[] {
  return TALLY_ORDER.filter((key) => (tally[key] ?? 0) > 0).map((key) => {
    const count = tally[key] ?? 0
    return key === 'gone'
      ? `${contactsText(count)} ${count === 1 ? 'no longer exists' : 'no longer exist'}`
      : `${contactsText(count)} ${TALLY_WORDS[key]}`
  })
}
