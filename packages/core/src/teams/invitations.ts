import type { Invitation, InvitationState } from '@app/contracts'
import { AppError } from '../errors'
import * as Repo from './invitations.repo'

export type { InvitationRecord } from './invitations.repo'

/** Ended (or expired) invitations stay on the team page this long. */
const LISTED_DAYS = 30

/** The state as people see it: a pending invitation whose link has expired is `expired`. */
export function stateOf(record: Repo.InvitationRecord, now = new Date()): InvitationState {
  if (record.state === 'pending' && Date.parse(record.expiresAt) <= now.getTime()) return 'expired'
  return record.state
}

/** An invitation as the team page lists it: never its token nor the token's hash. */
export function toInvitation(record: Repo.InvitationRecord, now = new Date()): Invitation {
  return {
    id: record.id,
    organizationId: record.organizationId,
    email: record.email,
    role: record.role,
    state: stateOf(record, now),
    invitedBy: record.invitedBy,
    createdAt: record.createdAt,
    sentAt: record.sentAt,
    expiresAt: record.expiresAt,
    endedAt: record.endedAt,
  }
}

/**
 * The organization's invitations: the pending ones (newest first), then those that ended or expired in the last
 * 30 days (most recently ended first).
 */
export async function listInvitations(organizationId: string, now = new Date()): Promise<Invitation[]> {
  const since = now.getTime() - LISTED_DAYS * 24 * 3600 * 1000
  const invitations = (await Repo.listInvitationRecords(organizationId)).map((record) =>
    toInvitation(record, now),
  )
  const endedAt = (invitation: Invitation) => invitation.endedAt ?? invitation.expiresAt
  const pending = invitations
    .filter((invitation) => invitation.state === 'pending')
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt))
  const ended = invitations
    .filter((invitation) => invitation.state !== 'pending' && Date.parse(endedAt(invitation)) > since)
    .sort((a, b) => endedAt(b).localeCompare(endedAt(a)))
  return [...pending, ...ended]
}

/** How many invitations are pending now (they count as members against the plan's seats). */
export async function pendingInvitationCount(organizationId: string, now = new Date()): Promise<number> {
  const records = await Repo.listInvitationRecords(organizationId)
  return records.filter((record) => stateOf(record, now) === 'pending').length
}

export const invitationNotFound = () =>
  new AppError('invitation.not_found', 'No such invitation, or its link is not valid.')

const ENDED_AS: Record<Exclude<InvitationState, 'pending'>, string> = {
  accepted: 'was accepted already',
  declined: 'was declined',
  revoked: 'was revoked',
  expired: 'has expired',
}

/** 409 `invitation.not_pending`, naming what became of it. */
export function notPending(state: Exclude<InvitationState, 'pending'>, resendable = false): AppError {
  const next = resendable ? ' Send it again for a new link.' : ' Ask the team for a new invitation.'
  return new AppError(
    'invitation.not_pending',
    `This invitation ${ENDED_AS[state]} (${state}).${state === 'expired' ? next : ''}`,
  )
}
