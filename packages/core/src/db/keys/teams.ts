/*
 * Teams (teams/): invitations to join an organization. The invitation lives in its organization's partition (the
 * team page lists them with one query, the purge finds them); the emailed link names only the invitation's id, so a
 * pointer in the invitation's own partition says which organization holds it.
 *
 * Item                 PK                    SK                  notes
 * Invitation           ORG#<orgId>           INVITATION#<id>     email (lower-case), role, invitedBy, createdAt,
 *                                                                sentAt, validUntil (the link's expiry, ISO), state,
 *                                                                endedAt, tokenHash (SHA-256 of the token, never the
 *                                                                token); expiresAt = TTL (30 days after it ended or
 *                                                                its link expired)
 * Invitation pointer   INVITATION#<id>       INVITATION          organizationId (written once with the invitation;
 *                                                                same TTL, renewed by a resend)
 * Invitations sent     ORG#<orgId>           INVITATIONS_SENT    sent: epoch ms of the sends (new and resent) in the
 *                                                                last 24 hours, version
 *
 * V1. Invite (one or many)                 T+E: TransactWrite: each invitation (attribute_not_exists) and its
 *                                              pointer and `member.invited` event + the sends item conditioned on
 *                                              the version read (a concurrent invite or resend re-reads: the
 *                                              duplicates check and the day's count see each other's writes)
 * V2. An invitation by its id (the link)   E+T: GetItem INVITATION#id / INVITATION, then GetItem ORG#org /
 *                                              INVITATION#id (both strongly consistent)
 * V3. An organization's invitations        T: Query PK=ORG#id, SK begins_with INVITATION# (strongly consistent; the
 *     (team page, pending count, dupes)        TTL keeps it to the last weeks' invitations)
 * V4. Resend                               T: TransactWrite: Update the invitation conditioned on state pending (new
 *                                              tokenHash, sentAt, validUntil) + the pointer's TTL + the sends item
 *                                              (V1's condition) + `member.invitation_resent`
 * V5. Accept, decline, revoke              T: Update conditioned on state pending (and, for the invitee, on the
 *                                              tokenHash and validUntil > now), in one transaction with what the
 *                                              end writes (the membership, the account's selection, the event):
 *                                              of two enders one wins
 * V6. Everything teams hold (purge)        T: INVITATION#, INVITATIONS_SENT; each invitation's pointer
 */
export const INVITATION_PREFIX = 'INVITATION#'
export const invitationKey = (orgId: string, invitationId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${INVITATION_PREFIX}${invitationId}`,
})
export const invitationPointerKey = (invitationId: string) => ({
  PK: `${INVITATION_PREFIX}${invitationId}`,
  SK: 'INVITATION',
})
export const INVITATIONS_SENT_SK = 'INVITATIONS_SENT'
export const invitationsSentKey = (orgId: string) => ({ PK: `ORG#${orgId}`, SK: INVITATIONS_SENT_SK })
