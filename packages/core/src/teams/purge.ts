import { INVITATION_PREFIX, INVITATIONS_SENT_SK, invitationPointerKey } from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'

/** An organization's invitations go with it: each one, the pointer its link's id is found by, and the day's sends. */
export const teamsPurge: PurgeDeclaration = {
  domain: 'teams',
  prefixes: [INVITATION_PREFIX, INVITATIONS_SENT_SK],
  pointersOf: (sk) =>
    sk.startsWith(INVITATION_PREFIX) ? [invitationPointerKey(sk.slice(INVITATION_PREFIX.length))] : [],
}
