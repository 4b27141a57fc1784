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
 * Message log          ORG#<orgId>             LOG#<awsId>#<sentAt>#<sesMessageId>  -        -   (TTL)
 * Hourly SES counts    ORG#<orgId>             STATS#<awsId>#<yyyy-mm-ddThh>        -        -   (TTL)
 * SNS message claim    SNS_MESSAGE#<messageId> CLAIM                      -                  -   (TTL)
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
 * 11. An SES message's log row, by its event          UpdateItem ORG#org / LOG#aws#sentAt#id (the event has both)
 * 12. An AWS account's messages, newest first         Query PK=ORG#id, SK begins_with LOG#aws#, backwards
 * 13. Counts per hour of sending for a range          Query PK=ORG#id, SK between STATS#aws#from and …#to
 * 14. Process an SNS message once                     PutItem SNS_MESSAGE#id with a claim condition, in the
 *                                                     same transaction as the log row and the counter
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
export const messageLogPrefix = (awsAccountId: string) => `LOG#${awsAccountId}#`
export const messageLogKey = (orgId: string, awsAccountId: string, sentAt: string, messageId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${messageLogPrefix(awsAccountId)}${sentAt}#${messageId}`,
})
export const hourlyStatsPrefix = (awsAccountId: string) => `STATS#${awsAccountId}#`
/** `hour` is `yyyy-mm-ddThh` (UTC). */
export const hourlyStatsKey = (orgId: string, awsAccountId: string, hour: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${hourlyStatsPrefix(awsAccountId)}${hour}`,
})
export const snsMessageKey = (messageId: string) => ({ PK: `SNS_MESSAGE#${messageId}`, SK: 'CLAIM' })
