/** Teams: invitations, members, roles and seats (core `teams/`). */
export const TEAM_ERROR_STATUS = {
  /** No such invitation, or the token is not its token (the id alone reveals nothing). */
  'invitation.not_found': 404,
  /** The invitation was accepted, declined, revoked or expired: it can no longer be used (its state is named). */
  'invitation.not_pending': 409,
  /** Accepting needs a verified email equal to the invited address. */
  'invitation.email_mismatch': 403,
  /** The caller is a member already. */
  'invitation.already_member': 409,
  /** Someone named is a member already, or has a pending invitation. */
  'team.already_invited': 409,
  /** 50 invitations (new or resent) per organization per day. */
  'team.invitation_limit': 429,
  /** The plan's members (pending invitations count) or AWS accounts are all used. */
  'team.seat_limit': 402,
  'team.member_not_found': 404,
  /** The last owner cannot leave, be removed or be demoted; admins cannot change owners. Names who and why. */
  'team.owner_required': 409,
} as const
