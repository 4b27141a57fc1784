import { describe, expect, it } from 'vitest'
import { AppError } from '../errors'
import { assertCan, can } from './permissions'

describe('role permissions', () => {
  it('lets only owners delete an organization', () => {
    expect(can('OWNER', 'organization.delete')).toBe(true)
    expect(can('ADMIN', 'organization.delete')).toBe(false)
    expect(can('MEMBER', 'organization.delete')).toBe(false)
  })

  it('lets owners and admins manage billing and the team, not members', () => {
    for (const permission of ['billing.manage', 'team.invite', 'organization.rename'] as const) {
      expect(can('ADMIN', permission)).toBe(true)
      expect(can('MEMBER', permission)).toBe(false)
    }
  })

  it('refuses with 403 permission.denied', () => {
    const error = (() => {
      try {
        assertCan('MEMBER', 'organization.delete')
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'permission.denied', status: 403 })
  })
})
