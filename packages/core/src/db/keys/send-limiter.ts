/**
 * The shared send limiter of a customer's SES (jobs/send-limiter.ts).
 *
 * Item                 PK                                          SK     GSI1PK  GSI1SK
 * SES send limiter     SES_PACE#<awsAccountNumber>#<region>        SEND   -       -   (TTL, renewed by every lease)
 *
 * Access patterns (E = an entity's own partition)
 * L1. Lease send tokens of a customer account and region   E: GetItem SES_PACE#… / SEND (consistent), then PutItem
 *     (every campaign and send worker of that account)        conditioned on the version read; one read and one
 *                                                             write per lease of up to 50 recipients
 *
 * Keyed by the customer's AWS account number like the control-plane pacing slot (beside it in the same partition):
 * SES's limits are per account and region, whichever organization or connection sends.
 */
export const sesSendLimiterKey = (account: string, region: string) => ({
  PK: `SES_PACE#${account}#${region}`,
  SK: 'SEND',
})
