import type { Team, TeamMember } from '@app/contracts'
import { getAccountProfiles } from '../accounts/public'
import { listConnectionLabels } from '../aws-accounts/public'
import {
  assertSeats,
  listMembers,
  type MemberRecord,
  type OrganizationContext,
  type OrganizationRecord,
  seatsFor,
} from '../organizations/public'
import { listInvitations, pendingInvitationCount } from './invitations'

/** Members with their profiles (name, address, picture), owners first, then by when they joined. */
export async function teamMembers(orgId: string): Promise<TeamMember[]> {
  const members = await listMembers(orgId)
  const profiles = await getAccountProfiles(members.map((member) => member.accountId))
  const rank = { OWNER: 0, ADMIN: 1, MEMBER: 2 } as const
  return members
    .map((member, index) => toTeamMember(member, profiles[index]))
    .sort((a, b) => rank[a.role] - rank[b.role] || a.joinedAt.localeCompare(b.joinedAt))
}

export function toTeamMember(
  member: MemberRecord,
  profile: { email: string; name?: string; picture: string | null } | undefined,
): TeamMember {
  return {
    accountId: member.accountId,
    email: profile?.email ?? '',
    name: profile?.name ?? null,
    picture: profile?.picture ?? null,
    role: member.role,
    joinedAt: member.joinedAt,
  }
}

/** How many AWS accounts an organization has connected (its connections, read in pages of 100). */
async function awsAccountCount(orgId: string): Promise<number> {
  let count = 0
  let afterId: string | undefined
  for (;;) {
    const { connections, more } = await listConnectionLabels(orgId, { limit: 100, afterId })
    count += connections.length
    afterId = connections.at(-1)?.id
    if (!more || !afterId) return count
  }
}

/** The team page: members (spec §3's `accounts`), invitations and both seat counts of the plan. */
export async function getTeam(context: OrganizationContext): Promise<Team> {
  const orgId = context.organizationId
  const [accounts, invitations, awsAccounts] = await Promise.all([
    teamMembers(orgId),
    listInvitations(orgId),
    awsAccountCount(orgId),
  ])
  const pending = invitations.filter((invitation) => invitation.state === 'pending').length
  const seats = seatsFor(context.organization)
  return {
    accounts,
    invitations,
    seats: {
      members: { used: accounts.length + pending, limit: seats.members },
      awsAccounts: { used: awsAccounts, limit: seats.awsAccounts },
    },
  }
}

/**
 * 402 `team.seat_limit` unless `adding` more members fit: members and pending invitations count against the plan
 * (read now; the invitation and the join re-check).
 */
export async function assertMemberSeats(organization: OrganizationRecord, adding: number): Promise<void> {
  const [members, pending] = await Promise.all([
    listMembers(organization.id),
    pendingInvitationCount(organization.id),
  ])
  assertSeats(organization, 'members', members.length + pending, adding)
}
