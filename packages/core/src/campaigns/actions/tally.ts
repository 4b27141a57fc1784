import type { ActionTallyKey, CampaignAudienceAction, JobKind } from '@app/contracts'
import type { ContactActionOutcome, ContactRecord } from '../../audience/public'
import type { ActionOutcome } from '../sending/public'

/** What each action does: its job kind, the ledger outcome it walks, the tally key of its change. */
export const ACTION_PLANS: Record<
  CampaignAudienceAction,
  { kind: JobKind; outcome: ActionOutcome; done: ActionTallyKey; topicStatus?: 'OPT_IN' | 'OPT_OUT' }
> = {
  'unsubscribe-bounced': { kind: 'campaigns.unsubscribe_bounced', outcome: 'bounced', done: 'unsubscribed' },
  'delete-bounced': { kind: 'campaigns.delete_bounced', outcome: 'bounced', done: 'deleted' },
  'topic-opened': {
    kind: 'campaigns.outcome_topic',
    outcome: 'opened',
    done: 'optedIn',
    topicStatus: 'OPT_IN',
  },
  'topic-clicked': {
    kind: 'campaigns.outcome_topic',
    outcome: 'clicked',
    done: 'optedIn',
    topicStatus: 'OPT_IN',
  },
  'topic-unsubscribed': {
    kind: 'campaigns.outcome_topic',
    outcome: 'unsubscribed',
    done: 'optedOut',
    topicStatus: 'OPT_OUT',
  },
}

export type Tally = Partial<Record<ActionTallyKey, number>>

export function addTo(tally: Tally, key: ActionTallyKey, by = 1): Tally {
  return { ...tally, [key]: (tally[key] ?? 0) + by }
}

/**
 * Sorts a page's contacts before any change: those the action leaves as they are are counted at once (`gone`,
 * `already`, `skipped`), the rest are `pending` (to change). No I/O.
 */
export function classify(
  action: CampaignAudienceAction,
  contactIds: string[],
  contacts: Map<string, ContactRecord>,
  topicId: string | undefined,
): { pending: string[]; tally: Tally } {
  const plan = ACTION_PLANS[action]
  let tally: Tally = {}
  const pending: string[] = []
  for (const id of contactIds) {
    const contact = contacts.get(id)
    if (!contact) tally = addTo(tally, 'gone')
    else if (action === 'unsubscribe-bounced' && contact.unsubscribeAll) tally = addTo(tally, 'already')
    else if (plan.topicStatus === 'OPT_IN' && (contact.unsubscribeAll || contact.suppressed))
      tally = addTo(tally, 'skipped')
    else if (plan.topicStatus && topicId && contact.topics[topicId] === plan.topicStatus)
      tally = addTo(tally, 'already')
    else pending.push(id)
  }
  return { pending, tally }
}

/**
 * The tally key of a pending contact's change. A resumed page (a crash or a slice's end after its contacts were
 * classified) applies its pending contacts again: one found changed already was changed by this job (it was
 * pending, so not so before), and a deleted one was deleted by it.
 */
export function tallyKeyOf(
  action: CampaignAudienceAction,
  outcome: ContactActionOutcome,
  resumed: boolean,
): ActionTallyKey {
  const done = ACTION_PLANS[action].done
  switch (outcome) {
    case 'changed':
      return done
    case 'unchanged':
      return resumed ? done : 'already'
    case 'skipped':
      return 'skipped'
    case 'gone':
      return resumed && action === 'delete-bounced' ? 'deleted' : 'gone'
  }
}
