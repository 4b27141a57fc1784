/**
 * The teams domain (issue 31): members, roles and seats (`members.ts`, `team.ts`), invitations and joining
 * (`invitations.ts`). Its storage stays private to this folder; membership items themselves belong to the
 * organizations domain, which these functions change through its public writes.
 */

/** Invitations: sent and resent by the team (`invitations-send.ts`), seen, accepted and ended (`invitations-join.ts`). */
export { listInvitations, pendingInvitationCount } from './invitations'
export { acceptInvitation, deleteInvitation, getInvitation } from './invitations-join'
export { inviteMembers, resendInvitation } from './invitations-send'
export {
  changeMemberRole,
  leaveOrganization,
  removeMember,
  removeMembers,
  transferOwnership,
} from './members'
export { assertMemberSeats, getTeam } from './team'
