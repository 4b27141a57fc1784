import { CAMPAIGN_ACTIONS, CAMPAIGN_STATUSES, type CampaignAction, type CampaignStatus } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { nextStatus } from './transitions'

/** The whole table, written out: every (status, action) pair not listed is refused. */
const ALLOWED: [CampaignStatus, CampaignAction, CampaignStatus][] = [
  ['DRAFT', 'schedule', 'SCHEDULED'],
  ['DRAFT', 'send', 'SENDING'],
  ['SCHEDULED', 'send', 'SENDING'],
  ['SCHEDULED', 'cancel', 'CANCELLED'],
  ['SENDING', 'pause', 'PAUSED'],
  ['SENDING', 'cancel', 'CANCELLED'],
  ['SENDING', 'retryFailed', 'SENDING'],
  ['SENDING', 'retryUnconfirmed', 'SENDING'],
  ['PAUSED', 'resume', 'SENDING'],
  ['PAUSED', 'cancel', 'CANCELLED'],
  ['SENT', 'retryFailed', 'SENDING'],
  ['SENT', 'retryUnconfirmed', 'SENDING'],
]

describe('nextStatus', () => {
  it.each(ALLOWED)('%s --%s--> %s', (from, action, to) => {
    expect(nextStatus(from, action)).toBe(to)
  })

  it('refuses every other change (a cancelled campaign is final; a draft is deleted, not cancelled)', () => {
    const allowed = new Set(ALLOWED.map(([from, action]) => `${from} ${action}`))
    const refused = CAMPAIGN_STATUSES.flatMap((status) =>
      CAMPAIGN_ACTIONS.filter((action) => !allowed.has(`${status} ${action}`)).map((action) => [
        status,
        action,
      ]),
    )
    expect(refused).toHaveLength(CAMPAIGN_STATUSES.length * CAMPAIGN_ACTIONS.length - ALLOWED.length)
    for (const [status, action] of refused) {
      expect(nextStatus(status as CampaignStatus, action as CampaignAction), `${status} ${action}`).toBeNull()
    }
  })
})
