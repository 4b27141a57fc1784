import { AUDIT_ACTIONS } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { ACTION_GROUPS, actorText, changeText, entryTime } from './audit-display'

describe('audit log display', () => {
  it('offers every action once, under its area', () => {
    const offered = ACTION_GROUPS.flatMap((group) => group.actions.map((action) => action.code))
    expect(offered.sort()).toEqual(Object.keys(AUDIT_ACTIONS).sort())
    expect(ACTION_GROUPS.find((group) => group.area === 'member.')?.label).toBe('Team')
  })

  it('says a change as before → after, then its summary', () => {
    expect(changeText({ before: 'MEMBER', after: 'ADMIN', summary: null })).toBe('MEMBER → ADMIN')
    expect(changeText({ before: null, after: 'version 2', summary: 'welcome in eu-west-1' })).toBe(
      'version 2 · welcome in eu-west-1',
    )
    expect(changeText({ before: 'ADMIN', after: null, summary: null })).toBe('was ADMIN')
    expect(changeText({ before: null, after: null, summary: null })).toBe('')
  })

  it('names API keys as keys, members by email, and shows the time in the given zone', () => {
    expect(actorText({ type: 'apiKey', id: 'K', name: 'Deploys' })).toBe('API key “Deploys”')
    expect(actorText({ type: 'user', id: 'a', name: 'ann@example.com' })).toBe('ann@example.com')
    expect(entryTime('2026-11-29T21:05:00.000Z', 'en-US', 'UTC')).toBe('Nov 29, 2026, 9:05 PM')
  })
})
