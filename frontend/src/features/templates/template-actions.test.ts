import { describe, expect, it } from 'vitest'
import { actionCost, actionsLeft, costHint, labelWithCost } from './template-actions'

const start = (availableActions: number) => ({ plan: 'START' as const, availableActions })
const team = { plan: 'TEAM_MONTHLY' as const, availableActions: null }

describe('START template actions', () => {
  it('counts what is left only on START', () => {
    expect(actionsLeft(start(3))).toBe(3)
    expect(actionsLeft(start(-1))).toBe(0)
    expect(actionsLeft(team)).toBeNull()
    expect(actionsLeft(undefined)).toBeNull()
  })

  it('labels an action with what it costs, not with a quota', () => {
    expect(labelWithCost('Save', start(4))).toBe('Save · 1 action (4 left)')
    expect(labelWithCost('Save', start(1))).toBe('Save · 1 action (1 left)')
    expect(labelWithCost('Save', start(0))).toBe('Save · no actions left')
    expect(labelWithCost('Save', team)).toBe('Save')
    expect(costHint(start(4))).toBe('Uses 1 of your 4 remaining template actions this month.')
    expect(costHint(start(1))).toBe('Uses your last template action this month.')
    expect(costHint(start(0))).toMatch(/^No template actions left this month/)
    expect(costHint(team)).toBeUndefined()
  })

  it('says what a bulk delete costs, and when there are not enough actions', () => {
    expect(actionCost(start(5), 3)).toEqual({
      enough: true,
      text: 'This uses 3 actions of the 5 left this month on the START plan (5 a month).',
    })
    expect(actionCost(start(2), 3)?.enough).toBe(false)
    expect(actionCost(start(1), 3)?.text).toMatch(/needs 3 actions and only 1 action is left/)
    expect(actionCost(start(0), 1)?.text).toMatch(/needs 1 action and none are left/)
    expect(actionCost(team, 50)).toBeUndefined()
  })
})
