import { describe, expect, it } from 'vitest'
import { atExpression, scheduleName } from './scheduling'

describe('campaign schedules', () => {
  it('write the campaign’s instant as wall-clock time in its time zone', () => {
    expect(atExpression('2026-07-01T08:30:00.000Z', 'Europe/Paris')).toBe('at(2026-07-01T10:30:00)')
    expect(atExpression('2026-01-15T08:30:00.000Z', 'Europe/Paris')).toBe('at(2026-01-15T09:30:00)')
    expect(atExpression('2026-03-08T16:00:00.000Z', 'America/New_York')).toBe('at(2026-03-08T12:00:00)')
    expect(atExpression('2026-12-31T23:59:59.000Z', 'Asia/Kolkata')).toBe('at(2027-01-01T05:29:59)')
    expect(atExpression('2026-05-05T00:00:00.000Z', 'UTC')).toBe('at(2026-05-05T00:00:00)')
  })

  it('are named by campaign, within Scheduler’s 64 characters', () => {
    expect(scheduleName('01JCAMPAIGN0000000000000000')).toBe('campaign-01JCAMPAIGN0000000000000000')
    expect(scheduleName('x'.repeat(80))).toHaveLength(64)
  })
})
