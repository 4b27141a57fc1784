import { PROFILE } from './shared'

/*
 * Accounts, organizations and memberships (organizations/, auth tokens).
 *
 * Item                 PK                      SK                         GSI1PK             GSI1SK
 * Account profile      ACCOUNT#<accountId>     PROFILE                    EMAIL#<email>      ACCOUNT
 * Account membership   ACCOUNT#<accountId>     MEMBERSHIP#<orgId>         -                  -
 * Memberships version  ACCOUNT#<accountId>     MEMBERSHIPS_VERSION        -                  -   (ADD 1 per membership added)
 * Organization         ORG#<orgId>             PROFILE                    -                  -
 * Org member           ORG#<orgId>             MEMBER#<accountId>         -                  -
 * Email token          TOKEN#<sha256(token)>   TOKEN                      -                  -   (TTL)
 *
 *  1. Get an account with all its memberships        E: Query PK=ACCOUNT#id (one strongly consistent read); or,
 *     with its organizations (GET account)             knowing the organizations from an earlier read, one
 *                                                     BatchGet of the profile, the memberships version, those
 *                                                     memberships and organization profiles, valid while the
 *                                                     version is unchanged (a membership added bumps it)
 *  2. Find an account by email (reset, invitations)  I: Query GSI1 GSI1PK=EMAIL#email
 *  3. Get an organization                            T: GetItem ORG#id / PROFILE
 *  4. Check a caller's role in an organization       T: GetItem ORG#id / MEMBER#accountId
 *  5. List an organization's members                 T: Query PK=ORG#id, SK begins_with MEMBER#
 *  6. Everything an organization owns (purge)        T: Query PK=ORG#id (all of it), then S: each ORG#id#STATS#n
 *  7. Redeem an emailed token once                   E: DeleteItem TOKEN#hash with a condition, returning it
 *
 * A membership is two items (ACCOUNT#…/MEMBERSHIP#org and ORG#…/MEMBER#account), always written together in a
 * transaction, so both "my organizations" and "this organization's members" are single-partition queries.
 */

export const accountKey = (accountId: string) => ({ PK: `ACCOUNT#${accountId}`, SK: PROFILE })
export const accountPartition = (accountId: string) => `ACCOUNT#${accountId}`
export const accountMembershipKey = (accountId: string, orgId: string) => ({
  PK: `ACCOUNT#${accountId}`,
  SK: `MEMBERSHIP#${orgId}`,
})
export const MEMBERSHIP_PREFIX = 'MEMBERSHIP#'
/** Counts the memberships ever added to the account (ADD 1 in each transaction that adds one). */
export const accountMembershipsVersionKey = (accountId: string) => ({
  PK: `ACCOUNT#${accountId}`,
  SK: 'MEMBERSHIPS_VERSION',
})
export const accountEmailIndex = (email: string) => ({ GSI1PK: `EMAIL#${email}`, GSI1SK: 'ACCOUNT' })

export const organizationKey = (orgId: string) => ({ PK: `ORG#${orgId}`, SK: PROFILE })
export const organizationPartition = (orgId: string) => `ORG#${orgId}`
export const organizationMemberKey = (orgId: string, accountId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `MEMBER#${accountId}`,
})
export const MEMBER_PREFIX = 'MEMBER#'

export const emailTokenKey = (tokenHash: string) => ({ PK: `TOKEN#${tokenHash}`, SK: 'TOKEN' })
