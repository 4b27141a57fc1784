import { ROUTE_LIST } from '@app/contracts'
import { Organizations } from '@app/core'
import { describe, expect, it } from 'vitest'
import { addMember, setSubscription } from './seed'
import { newUser } from './stack'

const orgOf = async (user: Awaited<ReturnType<typeof newUser>>) =>
  (await user.api.get('/api/account')).body.selectedOrganization as string

describe('organizations API', () => {
  it('creates, renames and deletes an organization', async () => {
    const user = await newUser()
    const created = await user.api.post('/api/organizations', { name: 'Acme' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ name: 'Acme', plan: null, role: 'OWNER', availableActions: null })

    const renamed = await user.api.patch(`/api/organizations/${created.body.id}`, { name: 'Acme Mail' })
    expect(renamed.body.name).toBe('Acme Mail')
    expect(
      (await user.api.get('/api/account')).body.organizations.map((org: { name: string }) => org.name),
    ).toContain('Acme Mail')

    expect((await user.api.delete(`/api/organizations/${created.body.id}`)).status).toBe(204)
    const after = (await user.api.get('/api/account')).body
    expect(after.organizations.map((org: { id: string }) => org.id)).not.toContain(created.body.id)
    expect((await user.api.patch(`/api/organizations/${created.body.id}`, { name: 'x' })).status).toBe(404)
  })

  it('reads the account fresh each time: organizations joined, renamed and deleted since the last read', async () => {
    const owner = await newUser()
    const member = await newUser()
    const names = async () =>
      ((await member.api.get('/api/account')).body.organizations as { name: string }[]).map((org) => org.name)
    expect(await names()).toEqual([''])
    const shared = await owner.api.post('/api/organizations', { name: 'Shared' })
    await addMember(shared.body.id, member.sub, 'MEMBER')
    expect(await names()).toContain('Shared')
    await owner.api.patch(`/api/organizations/${shared.body.id}`, { name: 'Shared, renamed' })
    expect(await names()).toContain('Shared, renamed')
    expect((await owner.api.delete(`/api/organizations/${shared.body.id}`)).status).toBe(204)
    expect(await names()).toEqual([''])
  })

  it('chooses START with 5 actions, and refuses it while a paid subscription is live', async () => {
    const user = await newUser()
    const orgId = await orgOf(user)
    const start = await user.api.patch(`/api/organizations/${orgId}`, { plan: 'START' })
    expect(start.body).toMatchObject({ plan: 'START', availableActions: 5 })

    await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
    const refused = await user.api.patch(`/api/organizations/${orgId}`, { plan: 'START' })
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('organization.plan_not_selectable')
    expect((await user.api.get('/api/account')).body.organizations[0]).toMatchObject({ plan: 'TEAM_MONTHLY' })

    await setSubscription(orgId, 'TEAM_MONTHLY', 'canceled')
    const afterEnd = await user.api.patch(`/api/organizations/${orgId}`, { plan: 'START' })
    expect(afterEnd.body).toMatchObject({ plan: 'START', subscriptionStatus: null })
  })

  it('refuses paid plans through this call', async () => {
    const user = await newUser()
    const result = await user.api.patch(`/api/organizations/${await orgOf(user)}`, { plan: 'TEAM_MONTHLY' })
    expect(result.status).toBe(400)
    expect((await user.api.get('/api/account')).body.organizations[0].plan).toBeNull()
  })

  it('spends START template actions atomically: 5 a month, then 402', async () => {
    const user = await newUser()
    const orgId = await orgOf(user)
    await user.api.patch(`/api/organizations/${orgId}`, { plan: 'START' })
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => Organizations.spendTemplateAction(orgId)),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5)
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult
    expect(rejected.reason).toMatchObject({ code: 'plan.actions_exhausted', status: 402 })
    expect((await user.api.get('/api/account')).body.organizations[0].availableActions).toBe(0)
    // Next month the count restores.
    await expect(
      Organizations.spendTemplateAction(orgId, new Date('2099-01-01T00:00:00Z')),
    ).resolves.toBeUndefined()
  })

  it('enforces roles: members cannot rename or delete, admins cannot delete', async () => {
    const owner = await newUser()
    const member = await newUser()
    const admin = await newUser()
    const orgId = await orgOf(owner)
    await addMember(orgId, member.sub, 'MEMBER')
    await addMember(orgId, admin.sub, 'ADMIN')

    const renameByMember = await member.api.patch(`/api/organizations/${orgId}`, { name: 'Mine' })
    expect(renameByMember.status).toBe(403)
    expect(renameByMember.body.error.code).toBe('permission.denied')
    expect((await member.api.delete(`/api/organizations/${orgId}`)).status).toBe(403)
    expect((await admin.api.patch(`/api/organizations/${orgId}`, { name: 'By admin' })).status).toBe(200)
    expect((await admin.api.delete(`/api/organizations/${orgId}`)).status).toBe(403)
    expect((await owner.api.get('/api/account')).body.organizations[0].name).toBe('By admin')
  })

  it('isolates tenants: every organization route answers 404 to a non-member and changes nothing', async () => {
    const owner = await newUser()
    const stranger = await newUser()
    const orgId = await orgOf(owner)
    const before = (await owner.api.get('/api/account')).body
    const orgRoutes = ROUTE_LIST.filter((route) => route.path.includes('/api/organizations/{id}'))
    expect(orgRoutes.length).toBeGreaterThan(0)
    for (const route of orgRoutes) {
      const path = route.path.replace('{id}', orgId)
      // A route taking a body gets one, so the refusal is the organization's, not a missing body's (415).
      const body = route.method === 'PATCH' ? { name: 'Taken over' } : route.body ? {} : undefined
      const result = await stranger.api.request(route.method, path, { body })
      expect(result.status, route.id).toBe(404)
      expect(result.body.error.code).toBe('organization.not_found')
    }
    expect((await stranger.api.patch('/api/account', { selectedOrganization: orgId })).status).toBe(404)
    expect((await owner.api.get('/api/account')).body).toEqual(before)
  })

  it('rejects malformed ids and bodies with 400', async () => {
    const user = await newUser()
    const orgId = await orgOf(user)
    for (const [method, path, body] of [
      ['PATCH', '/api/organizations/not-an-id', { name: 'x' }],
      ['DELETE', '/api/organizations/123', undefined],
      ['PATCH', `/api/organizations/${orgId}`, { name: 'x'.repeat(121) }],
      ['PATCH', `/api/organizations/${orgId}`, { name: 'x', owner: 'me' }],
      ['PATCH', `/api/organizations/${orgId}`, {}],
      ['POST', '/api/organizations', { name: 7 }],
      ['POST', '/api/organizations', {}],
    ] as const) {
      const result = await user.api.request(method, path, { body })
      expect(result.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400)
      expect(result.body.error.code).toBe('request.invalid')
    }
    expect((await user.api.get('/api/account')).body.organizations).toHaveLength(1)
  })
})
