import type { InvitationView, OrganizationSummary, Role } from '@app/contracts'
import { getAccountProfiles, selectOrganizationWrite } from '../accounts/public'
import { type Actor, principalOf, requireUser, type UserActor } from '../actor'
import { type NamedItem, TransactionFailed, transact } from '../db/transact'
import { AppError } from '../errors'
import { newEvent, outboxPut } from '../events/outbox'
import {
  allows,
  getOrganization,
  memberWrites,
  Organizations,
  organizationContext,
} from '../organizations/public'
import { hashInvitationToken, tokenMatches } from './invitation-token'
import { invitationNotFound, notPending, stateOf } from './invitations'
import * as Repo from './invitations.repo'
import { assertMemberSeats } from './team'

/** The caller's role in the organization, or null when they are no member of it. */
async function roleIn(user: UserActor, orgId: string): Promise<Role | null> {
  try {
    return (await organizationContext(user, orgId, 'organization.read')).role
  } catch (error) {
    if (error instanceof AppError && error.code === 'organization.not_found') return null
    throw error
  }
}

/**
 * The invitation the caller may see: with a token, only when it is the link's (the invitee); without one, only
 * for a member of its organization who may invite. Anyone else, a wrong token or an unknown id: the same 404.
 */
async function visibleInvitation(user: UserActor, invitationId: string, token: string | undefined) {
  const record = await Repo.findInvitation(invitationId)
  if (!record) throw invitationNotFound()
  if (token !== undefined) {
    if (!tokenMatches(record.tokenHash, token)) throw invitationNotFound()
    return { record, role: await roleIn(user, record.organizationId) }
  }
  const role = await roleIn(user, record.organizationId)
  if (!role || !allows({ actor: user, role }, 'team.invite')) throw invitationNotFound()
  return { record, role }
}

/** What `/join` shows: the organization, who invited, the role, the address, the state and `alreadyMember`. */
export async function getInvitation(
  actor: Actor,
  invitationId: string,
  token?: string,
  now = new Date(),
): Promise<InvitationView> {
  const user = requireUser(actor)
  const { record, role } = await visibleInvitation(user, invitationId, token)
  const organization = await getOrganization(record.organizationId)
  if (!organization) throw invitationNotFound()
  return {
    id: record.id,
    organization: { id: organization.id, name: organization.name },
    invitedBy: { email: record.invitedBy.email, name: record.invitedBy.name },
    email: record.email,
    role: record.role,
    state: stateOf(record, now),
    expiresAt: record.expiresAt,
    alreadyMember: role !== null,
  }
}

/** The invitee must be signed in with the address the invitation was sent to (verified, to accept). */
async function assertInvitee(user: UserActor, record: Repo.InvitationRecord, verified: boolean) {
  const signedInAs = user.email.trim().toLowerCase()
  if (signedInAs !== record.email) {
    throw new AppError(
      'invitation.email_mismatch',
      `This invitation was sent to ${record.email}, and you are signed in as ${signedInAs}. Sign out and sign in (or sign up) as ${record.email} to use it.`,
    )
  }
  if (!verified) return
  const [account] = await getAccountProfiles([user.accountId])
  if (!user.emailVerified && !account?.emailVerifiedAt) {
    throw new AppError(
      'invitation.email_mismatch',
      `Verify ${record.email} first (the link in the verification email we sent), then accept the invitation.`,
    )
  }
}

/** After a refused end: the invitation as it is now, its state named (or the refusal as it was). */
async function explainRefusal(error: unknown, record: Repo.InvitationRecord, now: Date): Promise<never> {
  if (error instanceof TransactionFailed && error.conditionFailed('invitation')) {
    const after = await Repo.getInvitation(record.organizationId, record.id)
    const state = after ? stateOf(after, now) : 'revoked'
    if (state !== 'pending') throw notPending(state)
    // Still pending but not with this token: it was resent meanwhile and this link is dead.
    throw invitationNotFound()
  }
  throw error
}

/**
 * Joins the organization: the token is the link's, the invitation pending and unexpired, the caller signed in
 * with the verified address it was sent to and no member yet, a seat free. One transaction ends the invitation
 * (on condition it is still pending with this token), adds the membership, publishes `member.joined` and selects
 * the organization for the caller: of two accepts, or an accept and a revoke, exactly one wins.
 */
export async function acceptInvitation(
  actor: Actor,
  invitationId: string,
  body: { token: string },
  now = new Date(),
): Promise<OrganizationSummary> {
  const user = requireUser(actor)
  const { record, role } = await visibleInvitation(user, invitationId, body.token)
  const state = stateOf(record, now)
  if (state !== 'pending') throw notPending(state)
  await assertInvitee(user, record, true)
  if (role) throw new AppError('invitation.already_member', 'You are a member of this organization already.')
  const organization = await getOrganization(record.organizationId)
  if (!organization) throw invitationNotFound()
  await assertMemberSeats(organization, 0)
  const at = now.toISOString()
  const member = { orgId: organization.id, accountId: user.accountId, role: record.role, joinedAt: at }
  const membership: NamedItem[] = memberWrites(member).map((item) =>
    item.name === 'organization.member' && item.Put
      ? { ...item, Put: { ...item.Put, ConditionExpression: 'attribute_not_exists(PK)' } }
      : item,
  )
  const joined = newEvent(
    'member.joined',
    organization.id,
    { accountId: user.accountId, email: record.email, role: record.role, invitationId: record.id },
    principalOf(user),
    now,
  )
  try {
    await transact(
      [
        Repo.endWrite(record, 'accepted', at, { tokenHash: hashInvitationToken(body.token), now: at }),
        ...membership,
        outboxPut(joined),
        selectOrganizationWrite(user.accountId, organization.id),
      ],
      { conflictRetries: 3 },
    )
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed('organization.member'))
      throw new AppError('invitation.already_member', 'You are a member of this organization already.')
    return explainRefusal(error, record, now)
  }
  return Organizations.toSummary(organization, record.role, now)
}

/**
 * Ends a pending invitation: with the token, the invitee (signed in with its address) declines it; without, a
 * member who may invite revokes it. `member.invitation_ended` either way.
 */
export async function deleteInvitation(
  actor: Actor,
  invitationId: string,
  token?: string,
  now = new Date(),
): Promise<void> {
  const user = requireUser(actor)
  const { record } = await visibleInvitation(user, invitationId, token)
  if (token !== undefined) await assertInvitee(user, record, false)
  const state = stateOf(record, now)
  if (state !== 'pending') throw notPending(state, token === undefined)
  const ended = token === undefined ? 'revoked' : 'declined'
  const at = now.toISOString()
  const proof = token === undefined ? undefined : { tokenHash: hashInvitationToken(token), now: at }
  const event = newEvent(
    'member.invitation_ended',
    record.organizationId,
    { invitationId: record.id, email: record.email, state: ended },
    principalOf(user),
    now,
  )
  try {
    await transact([Repo.endWrite(record, ended, at, proof), outboxPut(event)], { conflictRetries: 3 })
  } catch (error) {
    await explainRefusal(error, record, now)
  }
}
