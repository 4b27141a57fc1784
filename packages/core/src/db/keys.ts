/**
 * Every single-table key of the product, and the access patterns they serve.
 *
 * Item                 PK                      SK                         GSI1PK             GSI1SK
 * Account profile      ACCOUNT#<accountId>     PROFILE                    EMAIL#<email>      ACCOUNT
 * Account membership   ACCOUNT#<accountId>     MEMBERSHIP#<orgId>         -                  -
 * Organization         ORG#<orgId>             PROFILE                    -                  -
 * Org member           ORG#<orgId>             MEMBER#<accountId>         -                  -
 * Email token          TOKEN#<sha256(token)>   TOKEN                      -                  -   (TTL)
 * Reset throttle       EMAIL#<email>           RESET_THROTTLE             -                  -   (TTL)
 * Stripe event         STRIPE_EVENT#<eventId>  EVENT                      -                  -   (TTL)
 * AWS connection       ORG#<orgId>             AWS_ACCOUNT#<id>           -                  -
 * AWS connection owner AWS_ACCOUNT#<id>        OWNER                      -                  -
 *
 * Access patterns
 *  1. Get an account with all its memberships        Query PK=ACCOUNT#id (one strongly consistent read)
 *  2. Find an account by email (reset, invitations)  Query GSI1 GSI1PK=EMAIL#email
 *  3. Get an organization                            GetItem ORG#id / PROFILE
 *  4. Check a caller's role in an organization       GetItem ORG#id / MEMBER#accountId
 *  5. List an organization's members                 Query PK=ORG#id, SK begins_with MEMBER#
 *  6. Everything an organization owns (purge)        Query PK=ORG#id (all of it), later plus sharded partitions
 *  7. Redeem an emailed token once                   DeleteItem TOKEN#hash with a condition, returning it
 *  8. Process a Stripe event once                    PutItem STRIPE_EVENT#id with a claim condition
 *  9. An organization's AWS connections               Query PK=ORG#id, SK begins_with AWS_ACCOUNT#
 * 10. The organization of an AWS connection by id     GetItem AWS_ACCOUNT#id / OWNER (written with it)
 *
 * A membership is two items (ACCOUNT#…/MEMBERSHIP#org and ORG#…/MEMBER#account), always written together in a
 * transaction, so both "my organizations" and "this organization's members" are single-partition queries.
 * Tenant-owned keys start with ORG#<orgId>, so a key for another organization cannot be formed from a request.
 */

export const PROFILE = 'PROFILE'

export const accountKey = (accountId: string) => ({ PK: `ACCOUNT#${accountId}`, SK: PROFILE })
export const accountPartition = (accountId: string) => `ACCOUNT#${accountId}`
export const accountMembershipKey = (accountId: string, orgId: string) => ({
  PK: `ACCOUNT#${accountId}`,
  SK: `MEMBERSHIP#${orgId}`,
})
export const MEMBERSHIP_PREFIX = 'MEMBERSHIP#'
export const accountEmailIndex = (email: string) => ({ GSI1PK: `EMAIL#${email}`, GSI1SK: 'ACCOUNT' })

export const organizationKey = (orgId: string) => ({ PK: `ORG#${orgId}`, SK: PROFILE })
export const organizationPartition = (orgId: string) => `ORG#${orgId}`
export const organizationMemberKey = (orgId: string, accountId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `MEMBER#${accountId}`,
})
export const MEMBER_PREFIX = 'MEMBER#'

export const emailTokenKey = (tokenHash: string) => ({ PK: `TOKEN#${tokenHash}`, SK: 'TOKEN' })
export const resetThrottleKey = (email: string) => ({ PK: `EMAIL#${email}`, SK: 'RESET_THROTTLE' })
export const stripeEventKey = (eventId: string) => ({ PK: `STRIPE_EVENT#${eventId}`, SK: 'EVENT' })
export const AWS_ACCOUNT_PREFIX = 'AWS_ACCOUNT#'
export const awsAccountKey = (orgId: string, id: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${AWS_ACCOUNT_PREFIX}${id}`,
})
export const awsAccountOwnerKey = (id: string) => ({ PK: `${AWS_ACCOUNT_PREFIX}${id}`, SK: 'OWNER' })
