import { createHash } from 'node:crypto'
import { organizationContext } from '@app/core/organizations/public'
import * as Repo from '@app/core/teams/invitations.repo'
import { inviteMembers } from '@app/core/teams/public'
import { beforeAll, describe, expect, it } from 'vitest'
import { eventsOf } from './outbox-helpers'
import { addMember } from './seed'
import { anonymous, api, newUser, signUp, stack, tokenFromMail, uniqueEmail, waitForMail } from './stack'
import {
  accept,
  invite,
  invited,
  invitee,
  linkFor,
  memberIds,
  orgOf,
  otherToken,
  ownerWithPlan,
  stateOf,
  teamPath,
  type User,
  verify,
  viewPath,
} from './team-invitations-helpers'

let owner: User
let orgId: string

beforeAll(async () => {
  ;({ owner, orgId } = await ownerWithPlan())
}, 60_000)

describe('inviting and joining', () => {
  it('mails a link whose token is stored only hashed; a new sign-up verifies, opens it and joins, landing in the organization', {
    timeout: 30_000,
  }, async () => {
    const email = uniqueEmail('new')
    const created = await invite(owner, orgId, [email.toUpperCase()], 'ADMIN')
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const [invitation] = created.body.invitations
    expect(invitation).toMatchObject({
      email,
      role: 'ADMIN',
      state: 'pending',
      endedAt: null,
      organizationId: orgId,
    })
    expect(invitation.invitedBy).toMatchObject({ accountId: owner.sub, email: owner.email })
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.sentAt)).toBe(7 * 24 * 3600 * 1000)

    const mail = await waitForMail(stack, { to: email, subjectIncludes: 'invited you' })
    expect(mail.subject).toBe(`${owner.email} invited you to join their organization on SES Studio`)
    expect(mail.text).toContain('as an admin')
    expect(mail.text).toContain(`The invitation is for ${email}`)
    expect(mail.text).toMatch(/The link works until \d{4}-\d\d-\d\d \d\d:\d\d UTC/)
    const { id, token } = await linkFor(email)
    expect(id).toBe(invitation.id)
    const stored = await Repo.getInvitation(orgId, id)
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'))
    expect(JSON.stringify(stored)).not.toContain(token)
    expect(JSON.stringify(created.body)).not.toContain(stored?.tokenHash)
    expect(await eventsOf(orgId, 'member.invited')).toContainEqual({ invitationId: id, email, role: 'ADMIN' })

    const signedUp = await signUp(stack, { email })
    const user = { ...signedUp, api: api(signedUp.idToken) }
    expect((await user.api.post('/api/account', { email })).status).toBe(201)
    const verification = await waitForMail(stack, { to: email, subjectIncludes: 'Verify your email' })
    const verifyToken = tokenFromMail(verification.html, '/auth/verify-email')
    expect(
      (await anonymous().post('/api/auth/email-verifications/confirm', { token: verifyToken })).status,
    ).toBe(204)

    const view = await user.api.get(viewPath(id, token))
    expect(view.status).toBe(200)
    expect(view.body).toEqual({
      id,
      organization: { id: orgId, name: '' },
      invitedBy: { email: owner.email, name: null },
      email,
      role: 'ADMIN',
      state: 'pending',
      expiresAt: invitation.expiresAt,
      alreadyMember: false,
    })
    const joined = await accept(user, id, token)
    expect(joined.status, JSON.stringify(joined.body)).toBe(200)
    expect(joined.body).toMatchObject({ id: orgId, role: 'ADMIN' })
    const account = (await user.api.get('/api/account')).body
    expect(account.selectedOrganization).toBe(orgId)
    expect(account.organizations).toHaveLength(2)
    expect(await eventsOf(orgId, 'member.joined')).toContainEqual({
      accountId: user.sub,
      email,
      role: 'ADMIN',
      invitationId: id,
    })
    expect(await stateOf(owner, orgId, id)).toBe('accepted')
    expect(await memberIds(owner, orgId)).toContain(user.sub)

    const reused = await accept(user, id, token)
    expect(reused.status).toBe(409)
    expect(reused.body.error.code).toBe('invitation.not_pending')
    expect(reused.body.error.message).toContain('accepted')
    expect((await user.api.get(viewPath(id, token))).body).toMatchObject({
      state: 'accepted',
      alreadyMember: true,
    })
  })

  it('lets an existing user join once their address is verified; another address is told where it was sent, nothing changed', {
    timeout: 30_000,
  }, async () => {
    const existing = await newUser()
    const stranger = await invitee()
    const { id, token } = await invited(owner, orgId, existing)

    const unverified = await accept(existing, id, token)
    expect(unverified.status).toBe(403)
    expect(unverified.body.error).toMatchObject({ code: 'invitation.email_mismatch' })
    expect(unverified.body.error.message).toContain('Verify')

    expect((await stranger.api.get(viewPath(id, token))).body.email).toBe(existing.email)
    for (const refused of [
      await accept(stranger, id, token),
      await stranger.api.delete(viewPath(id, token)),
    ]) {
      expect(refused.status).toBe(403)
      expect(refused.body.error.code).toBe('invitation.email_mismatch')
      expect(refused.body.error.message).toContain(`sent to ${existing.email}`)
    }
    expect(await stateOf(owner, orgId, id)).toBe('pending')
    expect(await memberIds(owner, orgId)).not.toContain(stranger.sub)
    expect((await stranger.api.get('/api/account')).body.organizations).toHaveLength(1)

    await verify(existing)
    const joined = await accept(existing, id, token)
    expect(joined.status, JSON.stringify(joined.body)).toBe(200)
    expect(joined.body).toMatchObject({ id: orgId, role: 'MEMBER' })
    expect((await existing.api.get('/api/account')).body.selectedOrganization).toBe(orgId)
  })
})

describe('links that no longer work', () => {
  it('an expired invitation is refused until resent; the resend kills the old link and mails a new one', {
    timeout: 30_000,
  }, async () => {
    const user = await invitee()
    const ownerActor = {
      kind: 'user' as const,
      accountId: owner.sub,
      username: owner.email,
      email: owner.email,
      emailVerified: true,
      groups: [],
    }
    const context = await organizationContext(ownerActor, orgId, 'team.invite')
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000)
    const { invitations } = await inviteMembers(
      context,
      { emails: [user.email], role: 'MEMBER' },
      undefined,
      eightDaysAgo,
    )
    const old = await linkFor(user.email)
    expect(old.id).toBe(invitations[0]?.id)

    const expired = await accept(user, old.id, old.token)
    expect(expired.status).toBe(409)
    expect(expired.body.error).toMatchObject({ code: 'invitation.not_pending' })
    expect(expired.body.error.message).toContain('expired')
    expect((await user.api.get(viewPath(old.id, old.token))).body.state).toBe('expired')
    expect(await stateOf(owner, orgId, old.id)).toBe('expired')

    const since = Math.floor(Date.now() / 1000)
    const resent = await owner.api.post(`/api/organizations/${orgId}/invitations/${old.id}/resend`)
    expect(resent.status, JSON.stringify(resent.body)).toBe(200)
    expect(resent.body).toMatchObject({ id: old.id, state: 'pending' })
    expect(Date.parse(resent.body.expiresAt)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000)
    expect(await eventsOf(orgId, 'member.invitation_resent')).toContainEqual({
      invitationId: old.id,
      email: user.email,
    })
    const fresh = await linkFor(user.email, since)
    expect(fresh.token).not.toBe(old.token)
    const dead = await accept(user, old.id, old.token)
    expect(dead.status).toBe(404)
    expect(dead.body.error.code).toBe('invitation.not_found')
    expect((await accept(user, fresh.id, fresh.token)).status).toBe(200)
  })

  it('a revoked or declined invitation cannot be accepted, and each end is published once', {
    timeout: 30_000,
  }, async () => {
    const [revokedUser, decliningUser] = await Promise.all([invitee(), invitee()])
    const revoked = await invited(owner, orgId, revokedUser)
    const declined = await invited(owner, orgId, decliningUser)

    expect((await owner.api.delete(viewPath(revoked.id))).status).toBe(204)
    expect((await decliningUser.api.delete(viewPath(declined.id, declined.token))).status).toBe(204)
    for (const [user, link, state] of [
      [revokedUser, revoked, 'revoked'],
      [decliningUser, declined, 'declined'],
    ] as const) {
      const refused = await accept(user, link.id, link.token)
      expect(refused.status).toBe(409)
      expect(refused.body.error.code).toBe('invitation.not_pending')
      expect(refused.body.error.message).toContain(state)
      expect(await stateOf(owner, orgId, link.id)).toBe(state)
      const again = await owner.api.delete(viewPath(link.id))
      expect(again.status).toBe(409)
    }
    const ended = await eventsOf(orgId, 'member.invitation_ended')
    expect(ended.filter((event) => event.invitationId === revoked.id)).toEqual([
      { invitationId: revoked.id, email: revokedUser.email, state: 'revoked' },
    ])
    expect(ended.filter((event) => event.invitationId === declined.id)).toEqual([
      { invitationId: declined.id, email: decliningUser.email, state: 'declined' },
    ])
    expect(await memberIds(owner, orgId)).not.toContain(revokedUser.sub)
  })

  it('the id alone reveals nothing: a wrong token, a stranger, a member who may not invite and another tenant all get 404', {
    timeout: 30_000,
  }, async () => {
    const [user, stranger, member] = await Promise.all([invitee(), newUser(), newUser()])
    await addMember(orgId, member.sub, 'MEMBER')
    const { id, token } = await invited(owner, orgId, user)
    const strangerOrg = await orgOf(stranger)
    for (const refused of [
      await user.api.get(viewPath(id, otherToken())),
      await accept(user, id, otherToken()),
      await user.api.delete(viewPath(id, otherToken())),
      await stranger.api.get(viewPath(id)),
      await stranger.api.delete(viewPath(id)),
      await member.api.get(viewPath(id)),
      await member.api.delete(viewPath(id)),
      await stranger.api.get(viewPath('01ARZ3NDEKTSV4RRFFQ69G5FAV', token)),
      await stranger.api.post(`/api/organizations/${strangerOrg}/invitations/${id}/resend`),
    ]) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(404)
      expect(refused.body.error.code).toBe('invitation.not_found')
    }
    const seen = await owner.api.get(viewPath(id))
    expect(seen.body).toMatchObject({ id, email: user.email, state: 'pending', alreadyMember: true })
    expect((await stranger.api.get(teamPath(orgId))).status).toBe(404)
    for (const [refused, status] of [
      [await member.api.post(teamPath(orgId), { emails: [uniqueEmail()], role: 'MEMBER' }), 403],
      [await member.api.post(`/api/organizations/${orgId}/invitations/${id}/resend`), 403],
      [await stranger.api.post(teamPath(orgId), { emails: [uniqueEmail()], role: 'MEMBER' }), 404],
    ] as const) {
      expect(refused.status).toBe(status)
    }
    expect(await stateOf(owner, orgId, id)).toBe('pending')
  })
  it('someone who became a member meanwhile is told so, and the invitation stays pending', async () => {
    const user = await invitee()
    const { id, token } = await invited(owner, orgId, user)
    await addMember(orgId, user.sub, 'MEMBER')
    expect((await user.api.get(viewPath(id, token))).body.alreadyMember).toBe(true)
    const refused = await accept(user, id, token)
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('invitation.already_member')
    expect(await stateOf(owner, orgId, id)).toBe('pending')
  })
})

describe('races', () => {
  it('two accepts at once: one joins, the other is refused, one membership and one event', {
    timeout: 30_000,
  }, async () => {
    const user = await invitee()
    const { id, token } = await invited(owner, orgId, user)
    const answers = await Promise.all([accept(user, id, token), accept(user, id, token)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect((await memberIds(owner, orgId)).filter((memberId: string) => memberId === user.sub)).toHaveLength(
      1,
    )
    const joined = (await eventsOf(orgId, 'member.joined')).filter((event) => event.invitationId === id)
    expect(joined).toHaveLength(1)
  })

  it('an accept racing a revoke ends in one consistent state', { timeout: 30_000 }, async () => {
    const user = await invitee()
    const { id, token } = await invited(owner, orgId, user)
    const [accepted, revoked] = await Promise.all([accept(user, id, token), owner.api.delete(viewPath(id))])
    const state = await stateOf(owner, orgId, id)
    const member = (await memberIds(owner, orgId)).includes(user.sub)
    if (accepted.status === 200) {
      expect(revoked.status).toBe(409)
      expect([state, member]).toEqual(['accepted', true])
    } else {
      expect([accepted.status, accepted.body.error.code, revoked.status]).toEqual([
        409,
        'invitation.not_pending',
        204,
      ])
      expect([state, member]).toEqual(['revoked', false])
    }
  })
})
