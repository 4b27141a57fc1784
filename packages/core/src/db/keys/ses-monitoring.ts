/*
 * SES monitoring: the message log and hourly counts fed by SES events through SNS (ses-monitoring/).
 *
 * Item                 PK                      SK                         GSI1PK             GSI1SK
 * Message log          ORG#<orgId>             LOG#<awsId>#<sentAt>#<sesMessageId>  -        -   (TTL)
 * Hourly SES counts    ORG#<orgId>#STATS#<0-7> <awsId>#<yyyy-mm-ddThh>   -                -   (TTL, sharded)
 *   (before sharding:  ORG#<orgId>             STATS#<awsId>#<yyyy-mm-ddThh>, read until they expire)
 * SNS message claim    SNS_MESSAGE#<messageId> CLAIM                      -                  -   (TTL)
 *
 * 11. An SES message's log row, by its event          T: UpdateItem ORG#org / LOG#aws#sentAt#id (the event has both)
 * 12. An AWS account's messages, newest first         T: Query PK=ORG#id, SK begins_with LOG#aws#, backwards
 * 13. Counts per hour of sending for a range          S: Query each ORG#id#STATS#n, SK between aws#from and aws#to,
 *                                                     in parallel, summed per hour (+ the legacy T items)
 * 14. Process an SNS message once                     E: PutItem SNS_MESSAGE#id with a claim condition, in the
 *                                                     same transaction as the log row and the counter (an ADD
 *                                                     to a random shard of the hour)
 */

export const messageLogPrefix = (awsAccountId: string) => `LOG#${awsAccountId}#`
export const messageLogKey = (orgId: string, awsAccountId: string, sentAt: string, messageId: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${messageLogPrefix(awsAccountId)}${sentAt}#${messageId}`,
})
/** How hourly counts were kept before sharding: one item per hour in the organization's partition (read only). */
export const hourlyStatsPrefix = (awsAccountId: string) => `STATS#${awsAccountId}#`
/** SES event counts per hour, sharded (a burst of events is a hot write path); summed over shards on read. */
export const HOURLY_STATS_SHARDS = 8
export const hourlyStatsPartition = (orgId: string) => ({
  prefix: `ORG#${orgId}#STATS`,
  shards: HOURLY_STATS_SHARDS,
})
/** `hour` is `yyyy-mm-ddThh` (UTC); `''` gives the prefix of an AWS account's hours. */
export const hourlyStatsShardSortKey = (awsAccountId: string, hour: string) => `${awsAccountId}#${hour}`
export const snsMessageKey = (messageId: string) => ({ PK: `SNS_MESSAGE#${messageId}`, SK: 'CLAIM' })
