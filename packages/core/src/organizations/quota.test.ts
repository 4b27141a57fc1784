import { describe, expect, it } from 'vitest'
import { availableActions, quotaMonth } from './quota'

const november = new Date('2026-11-22T10:00:00Z')

describe('START template actions', () => {
  it('counts per UTC calendar month', () => {
    expect(quotaMonth(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11')
    expect(quotaMonth(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12')
  })

  it('leaves 5 minus what was spent this month', () => {
    expect(availableActions({ plan: 'START', actionsMonth: '2026-11', actionsSpent: 3 }, november)).toBe(2)
    expect(availableActions({ plan: 'START' }, november)).toBe(5)
  })

  it('restores on the 1st: last month’s spending no longer counts', () => {
    expect(availableActions({ plan: 'START', actionsMonth: '2026-10', actionsSpent: 5 }, november)).toBe(5)
  })

  it('never goes below zero', () => {
    expect(availableActions({ plan: 'START', actionsMonth: '2026-11', actionsSpent: 9 }, november)).toBe(0)
  })

  it('is unlimited (null) on paid plans and absent without a plan', () => {
    expect(
      availableActions({ plan: 'TEAM_MONTHLY', actionsMonth: '2026-11', actionsSpent: 9 }, november),
    ).toBeNull()
    expect(availableActions({ plan: null }, november)).toBeNull()
  })
})
