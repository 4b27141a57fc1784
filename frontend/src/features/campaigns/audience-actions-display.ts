import {
  type CampaignAudienceAction,
  type CampaignAudienceActionRun,
  type CampaignReport,
  FINISHED_JOB_STATUSES,
  type JobItem,
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

/**
 * Which earlier runs already covered an action's contacts: a bounced action's run handled every bounced recipient
 * of its time, and a deletion covers the unsubscribe too (the contacts are gone). Topic actions each fill a new
 * topic: nothing covers them.
 */
const COVERED_BY: Partial<Record<CampaignAudienceAction, readonly CampaignAudienceAction[]>> = {
  'delete-bounced': ['delete-bounced'],
  'unsubscribe-bounced': ['unsubscribe-bounced', 'delete-bounced'],
}

export interface ActionOffer {
  /** Contacts the action would touch now: the outcome's count less what the latest covering run handled. */
  count: number
  /** The latest covering run, finished or not (runs are newest first). */
  last: CampaignAudienceActionRun | null
  running: boolean
}

/** What an action offers now, given the report's count and the runs listed newest first. */
export function actionOffer(
  action: CampaignAudienceAction,
  count: number,
  runs: readonly CampaignAudienceActionRun[],
): ActionOffer {
  const covering = COVERED_BY[action] ?? []
  const running = runs.some((run) => run.action === action && !FINISHED_JOB_STATUSES.includes(run.job.status))
  const last = runs.find((run) => covering.includes(run.action) && run.job.status === 'succeeded') ?? null
  if (!last) return { count, last: null, running }
  const handled = Object.values(tallyOf(last.job.items)).reduce((sum, value) => sum + value, 0)
  return { count: Math.max(0, count - handled), last, running }
}

/** Why an action cannot run now (its button is disabled with this beside it), or null. */
export function actionBlocked(offer: ActionOffer, mayChangeAudience: boolean): string | null {
  if (!mayChangeAudience) return 'Your role cannot change the audience.'
  if (offer.running) return 'Running now: see its progress below.'
  if (offer.count === 0 && offer.last) return 'Done: nobody new since the last run.'
  if (offer.count === 0) return 'No contact has this outcome.'
  return null
}

/** Beside the button: '2 contacts', or '1 contact new since the last run'. */
export const offerText = (offer: ActionOffer) =>
  offer.last && offer.count > 0
    ? `${contactsText(offer.count)} new since the last run`
    : contactsText(offer.count)

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
