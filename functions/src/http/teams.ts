import { teamRoutes } from '@app/contracts/teams/routes'
import * as Teams from '@app/core/teams/public'
import { endpointGroup } from '../middleware/endpoint-group'

/** The team page (members, roles, seats, invitations) and the invitee's side of an invitation (`/join`). */
export const handler = endpointGroup('teams', teamRoutes, {
  getTeam: ({ context }) => Teams.getTeam(context),
  inviteMembers: ({ context, body, log }) => Teams.inviteMembers(context, body, log),
  resendInvitation: ({ context, params, log }) => Teams.resendInvitation(context, params.invitationId, log),
  changeMemberRole: ({ context, params, body }) => Teams.changeMemberRole(context, params.memberId, body),
  transferOwnership: ({ context, body }) => Teams.transferOwnership(context, body),
  removeMember: ({ context, params }) => Teams.removeMember(context, params.memberId),
  removeMembers: ({ context, body }) => Teams.removeMembers(context, body),
  leaveOrganization: ({ context }) => Teams.leaveOrganization(context),
  getInvitation: ({ actor, params, query }) => Teams.getInvitation(actor, params.id, query.token),
  acceptInvitation: ({ actor, params, body }) => Teams.acceptInvitation(actor, params.id, body),
  deleteInvitation: ({ actor, params, query }) => Teams.deleteInvitation(actor, params.id, query.token),
})
