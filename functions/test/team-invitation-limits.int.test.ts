import { randomUUID } from 'node:crypto'
import { transact } from '@app/core/db/transact'
import * as Repo from '@app/core/teams/invitations.repo'
import { beforeAll, describe, expect, it } from 'vitest'
import { eventsOf } from './outbox-helpers'
import { addMember } from './seed'
import { newUser, uniqueEmail } from './stack'
import {
  invite,
  invited,
  invitee,
  otherToken,
  ownerWithPlan,
  teamPath,
  type User,
  viewPath,
} from './team-invitations-helpers'

let owner: User
let orgId: string

beforeAll(async () => {
  ;({ owner, orgId } = await ownerWithPlan())
}, 60_000)

describe('limits and refusals', () => {
  it('refuses addresses already members or invited, naming them, and writes nothing', {
    timeout: 30_000,
  }, async () => {
    const member = await newUser()
    await addMember(orgId, member.sub, 'MEMBER')
    const pending = uniqueEmail('pending')
    expect((await invite(owner, orgId, [pending])).status).toBe(201)
    const before = (await owner.api.get(teamPath(orgId))).body
    const fresh = uniqueEmail('fresh')
    const refused = await invite(owner, orgId, [fresh, pending, member.email])
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('team.already_invited')
    expect(refused.body.error.message).toContain(pending)
    expect(refused.body.error.message).toContain(member.email)
    expect(refused.body.error.message).not.toContain(fresh)
    expect((await owner.api.get(teamPath(orgId))).body).toEqual(before)
    expect((await eventsOf(orgId, 'member.invited')).some((event) => event.email === fresh)).toBe(false)
  })

  it('two invites of one address at once: one invitation, the other refused as already invited', async () => {
    const email = uniqueEmail('twice')
    const answers = await Promise.all([invite(owner, orgId, [email]), invite(owner, orgId, [email])])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect(answers.find((answer) => answer.status === 409)?.body.error.code).toBe('team.already_invited')
    const team = (await owner.api.get(teamPath(orgId))).body
    expect(team.invitations.filter((each: { email: string }) => each.email === email)).toHaveLength(1)
    expect((await eventsOf(orgId, 'member.invited')).filter((event) => event.email === email)).toHaveLength(1)
  })

  it('counts pending invitations against the seats: TEAM holds 5, a revoked one frees its seat', {
    timeout: 30_000,
  }, async () => {
    const { owner: teamOwner, orgId: teamOrg } = await ownerWithPlan('TEAM_MONTHLY')
    await addMember(teamOrg, randomUUID(), 'MEMBER')
    const first = await invite(teamOwner, teamOrg, [uniqueEmail(), uniqueEmail(), uniqueEmail()])
    expect(first.status).toBe(201)
    const full = await invite(teamOwner, teamOrg, [uniqueEmail()])
    expect(full.status).toBe(402)
    expect(full.body.error.code).toBe('team.seat_limit')
    const team = (await teamOwner.api.get(teamPath(teamOrg))).body
    expect(team.invitations).toHaveLength(3)
    expect(team.seats.members).toEqual({ used: 5, limit: 5 })
    expect((await teamOwner.api.delete(viewPath(first.body.invitations[0].id))).status).toBe(204)
    expect((await invite(teamOwner, teamOrg, [uniqueEmail()])).status).toBe(201)
  })

  it('sends at most 50 invitations (new and resent) per organization in a rolling day', {
    timeout: 30_000,
  }, async () => {
    const { owner: busy, orgId: busyOrg } = await ownerWithPlan()
    const now = Date.now()
    const dayAgo = now - 25 * 3600 * 1000
    await transact([
      Repo.sendsWrite(busyOrg, { sent: [], version: 0 }, [
        ...Array.from({ length: 10 }, () => dayAgo),
        ...Array.from({ length: 40 }, () => now - 3600 * 1000),
      ]),
    ])
    const ten = await invite(
      busy,
      busyOrg,
      Array.from({ length: 10 }, () => uniqueEmail()),
    )
    expect(ten.status, JSON.stringify(ten.body)).toBe(201)
    const over = await invite(busy, busyOrg, [uniqueEmail()])
    expect(over.status).toBe(429)
    expect(over.body.error.code).toBe('team.invitation_limit')
    expect(over.body.error.message).toContain('50')
    const resend = await busy.api.post(
      `/api/organizations/${busyOrg}/invitations/${ten.body.invitations[0].id}/resend`,
    )
    expect(resend.status).toBe(429)
    expect((await busy.api.get(teamPath(busyOrg))).body.invitations).toHaveLength(10)
    expect(await eventsOf(busyOrg, 'member.invitation_resent')).toEqual([])
  })

  it('answers bad input on every route with 400 and changes nothing', { timeout: 30_000 }, async () => {
    const user = await invitee()
    const { id } = await invited(owner, orgId, user)
    const before = (await owner.api.get(teamPath(orgId))).body
    const tooMany = Array.from({ length: 21 }, () => uniqueEmail())
    for (const body of [
      {},
      { emails: [], role: 'MEMBER' },
      { emails: ['not-an-address'], role: 'MEMBER' },
      { emails: [uniqueEmail()], role: 'OWNER' },
      { emails: [uniqueEmail()], role: 'MEMBER', extra: true },
      { emails: tooMany, role: 'MEMBER' },
    ]) {
      const refused = await owner.api.post(teamPath(orgId), body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body.error.code).toBe('request.invalid')
    }
    for (const refused of [
      await owner.api.post(`/api/organizations/${orgId}/invitations/not-an-id/resend`),
      await user.api.get('/api/invitations/not-an-id'),
      await user.api.get(viewPath(id, 'short')),
      await user.api.get(`/api/invitations/${id}?token=${otherToken()}&other=1`),
      await user.api.post(`/api/invitations/${id}`, {}),
      await user.api.post(`/api/invitations/${id}`, { token: 'short' }),
      await user.api.post(`/api/invitations/${id}`, { token: otherToken(), extra: 1 }),
      await user.api.delete(viewPath(id, 'x'.repeat(44))),
    ]) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(400)
      expect(refused.body.error.code).toBe('request.invalid')
    }
    expect((await owner.api.get(teamPath(orgId))).body).toEqual(before)
  })
})
