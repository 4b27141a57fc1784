import type { CampaignReport, JobItem } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { actionBlocked, actionCount, tallyLines, tallyOf } from './audience-actions-display'

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
    expect(actionBlocked(0, 'MEMBER')).toBe('No contact has this outcome.')
    expect(actionBlocked(4, 'MEMBER')).toBeNull()
    expect(actionBlocked(4, undefined)).toBeNull()
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
