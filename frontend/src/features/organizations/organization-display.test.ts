import { describe, expect, it } from 'vitest'
import {
  canDeleteOrganization,
  canManageOrganization,
  organizationName,
  planBadge,
} from './organization-display'

describe('organizationName', () => {
  it("shows 'New Organization' until the organization is named", () => {
    expect(organizationName({ name: '' })).toBe('New Organization')
    expect(organizationName({ name: '   ' })).toBe('New Organization')
    expect(organizationName({ name: 'Acme' })).toBe('Acme')
  })
})

describe('planBadge', () => {
  it.each([
    ['TEAM_MONTHLY', 'Team', 'blue'],
    ['TEAM_YEARLY', 'Team', 'blue'],
    ['TEAM_PLUS_MONTHLY', 'Team Plus', 'purple'],
    ['TEAM_PLUS_YEARLY', 'Team Plus', 'purple'],
    ['SOLO_MONTHLY', 'Solo', 'orange'],
    ['SOLO_YEARLY', 'Solo', 'orange'],
    ['START', 'Start', 'yellow'],
  ] as const)('%s is a %s badge in %s', (plan, label, color) => {
    expect(planBadge(plan)).toEqual({ label, color })
  })

  it('has no badge without a plan', () => {
    expect(planBadge(null)).toBeUndefined()
  })
})

describe('permissions shown in the UI', () => {
  it('lets owners and admins manage, only owners delete', () => {
    expect(canManageOrganization('MEMBER')).toBe(false)
    expect(canManageOrganization('ADMIN')).toBe(true)
    expect(canDeleteOrganization('ADMIN')).toBe(false)
    expect(canDeleteOrganization('OWNER')).toBe(true)
  })
})
