import { CUSTOMER_ROLE_ACTIONS } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { accessKeyPolicyJson, permissionGroups } from './role-permissions'

describe('permissionGroups', () => {
  it('puts every action the role grants in exactly one named group', () => {
    const groups = permissionGroups()
    expect(groups.map((group) => group.id)).toEqual([
      'account',
      'identities',
      'sending',
      'templates',
      'monitoring',
    ])
    const listed = groups.flatMap((group) => group.actions)
    expect(listed.toSorted()).toEqual([...CUSTOMER_ROLE_ACTIONS].toSorted())
  })

  it('groups by purpose', () => {
    const byId = Object.fromEntries(permissionGroups().map((group) => [group.id, group.actions]))
    expect(byId.account).toEqual([
      'ses:GetAccount',
      'ses:PutAccountDetails',
      'ses:ListSuppressedDestinations',
    ])
    expect(byId.sending).toEqual(['ses:SendEmail', 'ses:SendBulkEmail'])
    expect(byId.identities).toContain('ses:PutEmailIdentityMailFromAttributes')
    expect(byId.templates).toContain('ses:TestRenderEmailTemplate')
    expect(byId.monitoring).toContain('sns:Subscribe')
    expect(byId.monitoring).toContain('ses:CreateConfigurationSetEventDestination')
  })

  it('keeps an action it does not know visible under Other', () => {
    const groups = permissionGroups(['ses:GetAccount', 'ses:SomethingNew'])
    expect(groups.map((group) => [group.id, group.actions])).toEqual([
      ['account', ['ses:GetAccount']],
      ['other', ['ses:SomethingNew']],
    ])
  })
})

describe('accessKeyPolicyJson', () => {
  it('allows exactly the role’s actions', () => {
    const policy = JSON.parse(accessKeyPolicyJson())
    expect(policy.Version).toBe('2012-10-17')
    expect(policy.Statement).toEqual([
      { Sid: 'SesStudioAccess', Effect: 'Allow', Action: [...CUSTOMER_ROLE_ACTIONS], Resource: '*' },
    ])
  })
})
