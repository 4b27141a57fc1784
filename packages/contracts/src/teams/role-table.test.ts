import { describe, expect, it } from 'vitest'
import { PERMISSIONS } from '../permissions'
import { ROLE_TABLE, ROLE_TABLE_ROLES, roleAllows } from './role-table'

describe('the role table', () => {
  it('names each row once and only permissions the routes check', () => {
    expect(new Set(ROLE_TABLE.map((row) => row.label)).size).toBe(ROLE_TABLE.length)
    for (const row of ROLE_TABLE) expect(Object.keys(PERMISSIONS)).toContain(row.permission)
  })

  it('covers what issue 31 asks a member to learn about their role', () => {
    const permissions = new Set(ROLE_TABLE.map((row) => row.permission))
    for (const permission of [
      'content.write',
      'audience.write',
      'campaigns.send',
      'aws_accounts.manage',
      'api_keys.manage',
      'webhooks.manage',
      'billing.manage',
      'team.invite',
      'team.remove',
      'audit.read',
      'organization.delete',
    ] as const)
      expect(permissions).toContain(permission)
  })

  it('shows what the API allows: owners everything, members content and the audience but no sending', () => {
    expect(ROLE_TABLE_ROLES).toEqual(['OWNER', 'ADMIN', 'MEMBER'])
    for (const row of ROLE_TABLE) expect(roleAllows('OWNER', row)).toBe(true)
    const member = ROLE_TABLE.filter((row) => roleAllows('MEMBER', row)).map((row) => row.permission)
    expect(member).toEqual(['content.write', 'content.write', 'audience.write', 'campaigns.write'])
    const adminDenied = ROLE_TABLE.filter((row) => !roleAllows('ADMIN', row)).map((row) => row.permission)
    expect(adminDenied).toEqual(['team.transfer_ownership', 'organization.delete'])
  })
})
