import { describe, expect, it } from 'vitest'
import { ROLES } from './account/schemas'
import { API_SCOPES, permissionOfScope } from './api-keys/scopes'
import { CAMPAIGN_ACTIONS, CAMPAIGN_SENDING_ACTIONS, sendsToContacts } from './campaigns/schemas'
import { can, PERMISSIONS, type Permission } from './permissions'
import { ROUTE_LIST, routes } from './routes'

const permissions = Object.keys(PERMISSIONS) as Permission[]

describe('the permission table', () => {
  it('is named by every route acting for an organization, and only by those', () => {
    for (const route of ROUTE_LIST) {
      if (!route.organization) {
        expect(route.permission, route.id).toBeUndefined()
        continue
      }
      expect(permissions, route.id).toContain(route.permission)
      // A public API route's permission is its scope's: the key acts with what its scope stands for.
      if (route.scope) expect(route.permission, route.id).toBe(permissionOfScope(route.scope))
    }
  })

  it('gives the owner everything and every role at least the organization itself', () => {
    for (const permission of permissions) expect(can('OWNER', permission), permission).toBe(true)
    for (const role of ROLES) expect(can(role, 'organization.read'), role).toBe(true)
    for (const permission of permissions) {
      // An admin is refused only what only owners may do (the organization, its ownership).
      if (!can('ADMIN', permission))
        expect(['organization.delete', 'team.transfer_ownership']).toContain(permission)
    }
  })
})

describe('sending to contacts (campaigns.send)', () => {
  it('is for owners and admins: members draft, edit and test-send', () => {
    expect(ROLES.filter((role) => can(role, 'campaigns.send'))).toEqual(['OWNER', 'ADMIN'])
    expect(can('MEMBER', 'campaigns.write')).toBe(true)
    expect(routes.sendCampaignTest.permission).toBe('campaigns.write')
  })

  it('is what every action that starts or sets a send needs, and what the campaigns:send scope stands for', () => {
    expect(CAMPAIGN_SENDING_ACTIONS).toEqual([
      'schedule',
      'send',
      'resume',
      'retryFailed',
      'retryUnconfirmed',
    ])
    expect(CAMPAIGN_ACTIONS.filter((action) => !sendsToContacts(action))).toEqual(['pause', 'cancel'])
    expect(API_SCOPES['campaigns:send']).toBe('campaigns.send')
    expect(API_SCOPES['transactional:send']).toBe('campaigns.write')
    for (const route of [
      routes.sendPublicCampaign,
      routes.schedulePublicCampaign,
      routes.resumePublicCampaign,
    ])
      expect(route.permission, route.path).toBe('campaigns.send')
  })
})
