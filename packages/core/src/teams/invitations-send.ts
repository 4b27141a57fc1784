import { INVITATIONS_PER_DAY, type Invitation, type InviteBody } from '@app/contracts'
import { ulid } from 'ulid'
import { getAccountProfiles } from '../accounts/public'
import { principalOf, requireUser } from '../actor'
import { type NamedItem, TransactionFailed, transact } from '../db/transact'
import { AppError } from '../errors'
import { newEvent, outboxPut } from '../events/outbox'
import type { Logger } from '../log'
import { listMembers, type OrganizationContext } from '../organizations/public'
import { retry } from '../platform/retry'
import { sendInvitationMail } from './invitation-mail'
import { invitationExpiry, newInvitationToken } from './invitation-token'
import { invitationNotFound, notPending, stateOf, toInvitation } from './invitations'
import * as Repo from './invitations.repo'
import { assertMemberSeats } from './team'

const DAY_MS = 24 * 3600 * 1000

/** The day's sends were written by a concurrent invite or resend: read everything again. */
const sendsChanged = (error: unknown) =>
  error instanceof TransactionFailed && (error.conditionFailed('invitations.sent') || error.conflictOnly)

/** Also for a resend: the invitation ended or was resent meanwhile (the next round names its state). */
const invitationChanged = (error: unknown) =>
  sendsChanged(error) || (error instanceof TransactionFailed && error.conditionFailed('invitation'))

const withRereads = <T>(fn: () => Promise<T>, retryable = sendsChanged) =>
  retry(fn, { attempts: 6, baseMs: 20, maxMs: 200, retryable })

/** The members' addresses and the inviter as the invitation records them. */
async function membersOf(context: OrganizationContext) {
  const members = await listMembers(context.organizationId)
  const profiles = await getAccountProfiles(members.map((member) => member.accountId))
  const user = requireUser(context.actor)
  const own = profiles.find((profile) => profile?.id === user.accountId)
  return {
    emails: new Set(profiles.flatMap((profile) => (profile ? [profile.email.toLowerCase()] : []))),
    inviter: { accountId: user.accountId, email: own?.email ?? user.email, name: own?.name ?? null },
  }
}

/** 409 `team.already_invited` naming the addresses that are members or hold a pending invitation. */
async function assertNotInvited(
  context: OrganizationContext,
  emails: readonly string[],
  records: readonly Repo.InvitationRecord[],
  now: Date,
) {
  const { emails: memberEmails, inviter } = await membersOf(context)
  const pending = new Set(records.filter((r) => stateOf(r, now) === 'pending').map((r) => r.email))
  const members = emails.filter((email) => memberEmails.has(email))
  const invited = emails.filter((email) => pending.has(email) && !memberEmails.has(email))
  if (members.length + invited.length > 0) {
    const parts = [
      ...(members.length ? [`already members: ${members.join(', ')}`] : []),
      ...(invited.length ? [`already invited (pending): ${invited.join(', ')}`] : []),
    ]
    throw new AppError(
      'team.already_invited',
      `Nothing was sent — ${parts.join('; ')}. Resend a pending invitation from the team page instead.`,
    )
  }
  return inviter
}

/** 429 `team.invitation_limit` unless `adding` more sends fit in the rolling day; the sends that still count. */
function sendsInDay(sends: Repo.Sends, adding: number, now: Date): number[] {
  const recent = sends.sent.filter((at) => at > now.getTime() - DAY_MS).sort((a, b) => a - b)
  if (recent.length + adding <= INVITATIONS_PER_DAY) return recent
  const freeAt = recent[recent.length + adding - INVITATIONS_PER_DAY - 1] ?? now.getTime()
  const when = new Date(freeAt + DAY_MS).toISOString().slice(0, 16).replace('T', ' ')
  throw new AppError(
    'team.invitation_limit',
    `An organization sends at most ${INVITATIONS_PER_DAY} invitations a day (new and resent); ${recent.length} went out in the last 24 hours. Try again after ${when} UTC.`,
  )
}

async function mailAll(
  sent: { record: Repo.InvitationRecord; token: string }[],
  organizationName: string,
  log?: Logger,
) {
  // The invitations exist either way: a mail that failed is logged, and the team page's Resend sends it again.
  await Promise.all(
    sent.map(({ record, token }) =>
      sendInvitationMail(record, token, organizationName).catch((error: unknown) =>
        log?.error('team.invitation_mail_failed', { invitationId: record.id, error }),
      ),
    ),
  )
}

/**
 * Invites each address with the role: all or nothing. Refused (nothing written, nothing sent) when an address is a
 * member or holds a pending invitation, when the seats are used (pending invitations count) or past the day's 50.
 */
export async function inviteMembers(
  context: OrganizationContext,
  body: InviteBody,
  log?: Logger,
  now = new Date(),
): Promise<{ invitations: Invitation[] }> {
  const orgId = context.organizationId
  const emails = [...new Set(body.emails.map((email) => email.trim().toLowerCase()))]
  const sent = await withRereads(async () => {
    const [sends, records] = await Promise.all([Repo.getSends(orgId), Repo.listInvitationRecords(orgId)])
    const invitedBy = await assertNotInvited(context, emails, records, now)
    await assertMemberSeats(context.organization, emails.length)
    const recent = sendsInDay(sends, emails.length, now)
    const at = now.toISOString()
    const invitations = emails.map((email) => {
      const { token, tokenHash } = newInvitationToken()
      const record: Repo.InvitationRecord = {
        id: ulid(now.getTime()),
        organizationId: orgId,
        email,
        role: body.role,
        invitedBy,
        createdAt: at,
        sentAt: at,
        expiresAt: invitationExpiry(now),
        state: 'pending',
        endedAt: null,
        tokenHash,
      }
      return { record, token }
    })
    const actor = principalOf(context.actor)
    const writes: NamedItem[] = invitations.flatMap(({ record }) => [
      ...Repo.newInvitationWrites(record),
      outboxPut(
        newEvent(
          'member.invited',
          orgId,
          { invitationId: record.id, email: record.email, role: body.role },
          actor,
          now,
        ),
      ),
    ])
    const sentAt = emails.map(() => now.getTime())
    await transact([...writes, Repo.sendsWrite(orgId, sends, [...recent, ...sentAt])])
    return invitations
  })
  await mailAll(sent, context.organization.name, log)
  return { invitations: sent.map(({ record }) => toInvitation(record, now)) }
}

/**
 * Sends a pending or expired invitation again with a new link (the old one stops working) and a new expiry; it
 * counts in the day's 50. An expired one becomes pending again, so it needs a free seat and an address still
 * neither a member nor invited since.
 */
export async function resendInvitation(
  context: OrganizationContext,
  invitationId: string,
  log?: Logger,
  now = new Date(),
): Promise<Invitation> {
  const orgId = context.organizationId
  const resent = await withRereads(async () => {
    const [sends, record] = await Promise.all([Repo.getSends(orgId), Repo.getInvitation(orgId, invitationId)])
    if (!record) throw invitationNotFound()
    const state = stateOf(record, now)
    if (state !== 'pending' && state !== 'expired') throw notPending(state)
    if (state === 'expired') {
      const others = (await Repo.listInvitationRecords(orgId)).filter((other) => other.id !== record.id)
      await assertNotInvited(context, [record.email], others, now)
      await assertMemberSeats(context.organization, 1)
    }
    const recent = sendsInDay(sends, 1, now)
    const { token, tokenHash } = newInvitationToken()
    const next = { tokenHash, sentAt: now.toISOString(), expiresAt: invitationExpiry(now) }
    const event = newEvent(
      'member.invitation_resent',
      orgId,
      { invitationId: record.id, email: record.email },
      principalOf(context.actor),
      now,
    )
    await transact([
      ...Repo.resendWrites(record, next),
      outboxPut(event),
      Repo.sendsWrite(orgId, sends, [...recent, now.getTime()]),
    ])
    return { record: { ...record, ...next, state: 'pending' as const }, token }
  }, invitationChanged)
  await mailAll([resent], context.organization.name, log)
  return toInvitation(resent.record, now)
}
