import { dynamo } from '@app/core/aws'
import { organizationPartition } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { eventsOf } from './outbox-helpers'
import { addMember, setSubscription } from './seed'
import { newUser } from './stack'

type User = Awaited<ReturnType<typeof newUser>>

/** An organization on Team with an owner, and `others` more members seeded with their roles. */
async function team(...roles: ('OWNER' | 'ADMIN' | 'MEMBER')[]) {
  const users = await Promise.all([newUser(), ...roles.map(() => newUser())])
  const owner = users[0] as User
  const orgId: string = (await owner.api.get('/api/account')).body.organizations[0].id
  await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
  await Promise.all(roles.map((role, index) => addMember(orgId, (users[index + 1] as User).sub, role)))
  return { orgId, owner, others: users.slice(1) as User[] }
}

/** The organization's member items (both sides of each membership are checked by the calls' answers). */
async function memberItems(orgId: string) {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :member)',
      ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':member': 'MEMBER#' },
      ConsistentRead: true,
    }),
  )
  return (Items ?? []).map((item) => `${item.accountId}:${item.role}`).sort()
}

const removeMany = (user: User, orgId: string, accountIds: string[]) =>
  user.api.request('DELETE', `/api/organizations/${orgId}/team`, { body: { accountIds } })

describe('the team: members, roles, removal and leaving', () => {
  it('lists members as accounts with their role and the seats, for every member', async () => {
    const { orgId, owner, others } = await team('ADMIN', 'MEMBER')
    const [admin, member] = others as [User, User]
    const seen = await member.api.get(`/api/organizations/${orgId}/team`)
    expect(seen.status).toBe(200)
    expect(seen.body.accounts.map((a: { email: string; role: string }) => `${a.email}:${a.role}`)).toEqual([
      `${owner.email}:OWNER`,
      `${admin.email}:ADMIN`,
      `${member.email}:MEMBER`,
    ])
    expect(seen.body.seats).toEqual({ members: { used: 3, limit: 5 }, awsAccounts: { used: 0, limit: 3 } })
    const stranger = await newUser()
    const foreign = await stranger.api.get(`/api/organizations/${orgId}/team`)
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.code).toBe('organization.not_found')
  })

  it('changes roles within what the caller may do, and records each change', async () => {
    const { orgId, owner, others } = await team('ADMIN', 'MEMBER', 'MEMBER')
    const [admin, member, other] = others as [User, User, User]
    const path = (user: User) => `/api/organizations/${orgId}/team/${user.sub}`
    const before = await memberItems(orgId)
    // A member may not change roles; an admin may not touch an owner nor make one.
    expect((await member.api.patch(path(other), { role: 'ADMIN' })).status).toBe(403)
    const ownerTouched = await admin.api.patch(path(owner), { role: 'MEMBER' })
    expect(ownerTouched.status).toBe(403)
    expect(ownerTouched.body.error.message).toContain(owner.email)
    expect((await admin.api.patch(path(other), { role: 'OWNER' })).status).toBe(403)
    // Bad input and unknown members change nothing.
    expect((await owner.api.patch(path(other), { role: 'BOSS' })).status).toBe(400)
    expect((await owner.api.patch(path(other), { role: 'ADMIN', extra: 1 })).status).toBe(400)
    const stranger = await newUser()
    const unknown = await owner.api.patch(path(stranger), { role: 'ADMIN' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('team.member_not_found')
    expect(await memberItems(orgId)).toEqual(before)

    const promoted = await admin.api.patch(path(member), { role: 'ADMIN' })
    expect(promoted.status).toBe(200)
    expect(promoted.body).toMatchObject({ accountId: member.sub, email: member.email, role: 'ADMIN' })
    // The new role holds at once: the promoted member may now invite-level things (role changes).
    expect((await member.api.patch(path(other), { role: 'ADMIN' })).status).toBe(200)
    const account = await member.api.get('/api/account')
    expect(account.body.organizations.find((o: { id: string }) => o.id === orgId).role).toBe('ADMIN')
    expect(await eventsOf(orgId, 'member.role_changed')).toEqual(
      expect.arrayContaining([
        { accountId: member.sub, email: member.email, from: 'MEMBER', to: 'ADMIN' },
        { accountId: other.sub, email: other.email, from: 'MEMBER', to: 'ADMIN' },
      ]),
    )
  })

  it('keeps a last owner: it cannot be demoted, removed or leave; a transfer hands ownership over', async () => {
    const { orgId, owner, others } = await team('ADMIN')
    const [admin] = others as [User]
    const before = await memberItems(orgId)
    const demoted = await owner.api.patch(`/api/organizations/${orgId}/team/${owner.sub}`, { role: 'ADMIN' })
    expect(demoted.status).toBe(409)
    expect(demoted.body.error).toMatchObject({ code: 'team.owner_required' })
    expect(demoted.body.error.message).toContain(owner.email)
    const left = await owner.api.post(`/api/organizations/${orgId}/leave`)
    expect(left.status).toBe(409)
    expect(left.body.error.code).toBe('team.owner_required')
    const removed = await owner.api.request('DELETE', `/api/organizations/${orgId}/team/${owner.sub}`)
    expect(removed.body.error.code).toBe('team.owner_required')
    // Only an owner transfers; not to themselves.
    expect(
      (await admin.api.post(`/api/organizations/${orgId}/ownership-transfer`, { accountId: admin.sub }))
        .status,
    ).toBe(403)
    const self = await owner.api.post(`/api/organizations/${orgId}/ownership-transfer`, {
      accountId: owner.sub,
    })
    expect(self.status).toBe(400)
    expect(await memberItems(orgId)).toEqual(before)

    const transferred = await owner.api.post(`/api/organizations/${orgId}/ownership-transfer`, {
      accountId: admin.sub,
    })
    expect(transferred.status).toBe(200)
    expect(
      transferred.body.accounts.map((a: { accountId: string; role: string }) => [a.accountId, a.role]),
    ).toEqual([
      [admin.sub, 'OWNER'],
      [owner.sub, 'ADMIN'],
    ])
    // The former owner, now an admin, may leave.
    const gone = await owner.api.post(`/api/organizations/${orgId}/leave`)
    expect(gone.status).toBe(200)
    expect(gone.body.organizations.map((o: { id: string }) => o.id)).not.toContain(orgId)
    expect(await eventsOf(orgId, 'member.removed')).toEqual([
      { accountId: owner.sub, email: owner.email, role: 'ADMIN', reason: 'left' },
    ])
  })

  it('two owners demoting each other at once leave exactly one owner', async () => {
    const { orgId, owner, others } = await team('OWNER')
    const [second] = others as [User]
    const results = await Promise.all([
      owner.api.patch(`/api/organizations/${orgId}/team/${second.sub}`, { role: 'MEMBER' }),
      second.api.patch(`/api/organizations/${orgId}/team/${owner.sub}`, { role: 'MEMBER' }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    const owners = (await memberItems(orgId)).filter((entry) => entry.endsWith(':OWNER'))
    expect(owners).toHaveLength(1)
  })

  it('removes one member or several, all or none; a removed member is refused at once', async () => {
    const { orgId, owner, others } = await team('ADMIN', 'MEMBER', 'MEMBER', 'OWNER')
    const [admin, member, other, coOwner] = others as [User, User, User, User]
    const before = await memberItems(orgId)
    // Refusals name who and why, and remove nobody.
    const stranger = await newUser()
    const missing = await removeMany(owner, orgId, [member.sub, stranger.sub])
    expect(missing.status).toBe(404)
    expect(missing.body.error.message).toContain(stranger.sub)
    const ownersByAdmin = await removeMany(admin, orgId, [member.sub, coOwner.sub])
    expect(ownersByAdmin.status).toBe(403)
    expect(ownersByAdmin.body.error.message).toContain(coOwner.email)
    const allOwners = await removeMany(owner, orgId, [owner.sub, coOwner.sub])
    expect(allOwners.status).toBe(409)
    expect(allOwners.body.error.message).toContain(owner.email)
    expect(allOwners.body.error.message).toContain(coOwner.email)
    expect((await removeMany(member, orgId, [other.sub])).status).toBe(403)
    for (const body of [
      {},
      { accountIds: [] },
      { accountIds: ['nope'] },
      { accountIds: [other.sub, other.sub] },
    ])
      expect((await owner.api.request('DELETE', `/api/organizations/${orgId}/team`, { body })).status).toBe(
        400,
      )
    expect(await memberItems(orgId)).toEqual(before)

    // Single removal by an admin, then a bulk one by the owner (the co-owner among them: another owner stays).
    expect((await admin.api.request('DELETE', `/api/organizations/${orgId}/team/${member.sub}`)).status).toBe(
      204,
    )
    const next = await member.api.get(`/api/organizations/${orgId}/team`)
    expect(next.status).toBe(404)
    expect(next.body.error.code).toBe('organization.not_found')
    // Its selection falls back to its own organization (its only one left).
    const account = await member.api.get('/api/account')
    expect(account.body.organizations.map((o: { id: string }) => o.id)).not.toContain(orgId)
    expect(account.body.selectedOrganization).toBe(account.body.organizations[0].id)

    expect((await removeMany(owner, orgId, [other.sub, coOwner.sub])).status).toBe(204)
    expect(await memberItems(orgId)).toEqual([`${admin.sub}:ADMIN`, `${owner.sub}:OWNER`].sort())
    expect((await other.api.get(`/api/templates?organizationId=${orgId}`)).status).toBe(404)
    const removed = await eventsOf(orgId, 'member.removed')
    expect(removed).toHaveLength(3)
    expect(removed).toEqual(
      expect.arrayContaining([
        { accountId: member.sub, email: member.email, role: 'MEMBER', reason: 'removed' },
        { accountId: coOwner.sub, email: coOwner.email, role: 'OWNER', reason: 'removed' },
      ]),
    )
  })
})
