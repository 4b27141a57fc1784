import type { CampaignAudienceActionRun, CampaignReport, JobItem, JobStatus } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  actionBlocked,
  actionCount,
  actionOffer,
  offerText,
  tallyLines,
  tallyOf,
} from './audience-actions-display'

const counts = {
  uniqueOpens: 7,
  uniqueClicks: 3,
  unsubscribes: 1,
  hardBounces: 2,
  softBounces: 2,
  bouncedRecipients: 3,
} as CampaignReport['counts']

describe('audience actions', () => {
  it('count unique recipients with the outcome (a recipient with both bounce kinds once)', () => {
    expect(actionCount('topic-opened', counts)).toBe(7)
    expect(actionCount('topic-clicked', counts)).toBe(3)
    expect(actionCount('topic-unsubscribed', counts)).toBe(1)
    expect(actionCount('unsubscribe-bounced', counts)).toBe(3)
    expect(actionCount('delete-bounced', counts)).toBe(3)
  })

  it('are blocked with a reason when nobody has the outcome', () => {
    expect(actionBlocked(actionOffer('topic-opened', 0, []), true)).toBe('No contact has this outcome.')
    expect(actionBlocked(actionOffer('topic-opened', 4, []), true)).toBeNull()
  })

  it('are blocked first when the role cannot change the audience', () => {
    expect(actionBlocked(actionOffer('topic-opened', 4, []), false)).toBe(
      'Your role cannot change the audience.',
    )
  })

  const run = (
    action: CampaignAudienceActionRun['action'],
    status: JobStatus,
    tally: Record<string, number>,
  ): CampaignAudienceActionRun =>
    ({
      action,
      topic: null,
      job: { status, items: [{ key: '0', label: 'part', status: 'succeeded', tally }] },
    }) as unknown as CampaignAudienceActionRun

  it('offer only what the last run left: nobody after a deletion, the bounces that came since', () => {
    const deleted = run('delete-bounced', 'succeeded', { deleted: 1 })
    const offer = actionOffer('delete-bounced', 1, [deleted])
    expect(offer.count).toBe(0)
    expect(actionBlocked(offer, true)).toBe('Done: nobody new since the last run.')
    // A deletion covers the unsubscribe as well: the contacts are gone.
    expect(actionOffer('unsubscribe-bounced', 1, [deleted]).count).toBe(0)
    // An unsubscribe does not cover the deletion.
    const unsubscribed = run('unsubscribe-bounced', 'succeeded', { unsubscribed: 2, already: 1 })
    expect(actionOffer('delete-bounced', 3, [unsubscribed]).count).toBe(3)
    const later = actionOffer('unsubscribe-bounced', 4, [unsubscribed])
    expect(later.count).toBe(1)
    expect(offerText(later)).toBe('1 contact new since the last run')
    // The newest covering run decides; a failed one covers nothing.
    expect(actionOffer('delete-bounced', 3, [run('delete-bounced', 'failed', {}), deleted]).count).toBe(2)
    // Topic actions fill a new topic each time: every contact is offered again.
    expect(actionOffer('topic-opened', 5, [run('topic-opened', 'succeeded', { optedIn: 5 })]).count).toBe(5)
  })

  it('block an action while its job runs', () => {
    const offer = actionOffer('topic-clicked', 3, [run('topic-clicked', 'running', {})])
    expect(actionBlocked(offer, true)).toBe('Running now: see its progress below.')
  })

  it('sum the job items’ tallies into sentences', () => {
    const item = (tally?: Record<string, number>): JobItem => ({
      key: '0',
      label: 'part',
      status: 'succeeded',
      ...(tally ? { tally } : {}),
    })
    const tally = tallyOf([item({ optedIn: 2, skipped: 1 }), item(), item({ optedIn: 1, gone: 1 })])
    expect(tally).toEqual({ optedIn: 3, skipped: 1, gone: 1 })
    expect(tallyLines(tally)).toEqual([
      '3 contacts opted in',
      '1 contact skipped (suppressed or unsubscribed from everything)',
      '1 contact no longer exists',
    ])
    expect(tallyLines({})).toEqual([])
  })
})
