/**
 * What other domains may use of the AWS accounts domain's storage (its repository stays private to this folder;
 * the boundaries lint rule enforces it): reading connections, and the monitoring state that SES monitoring owns
 * on the connection item.
 */

/** Which connection of the organization reaches an AWS account and region now (it holds the account's claim). */
export { claimHolder } from './account-claims.repo'
/** The connections' services (`AwsAccounts.…` in the functions) and the checks other domains make on a connection. */
export * as AwsAccounts from './aws-accounts'
export { assertVerified, requireConnection, requireVerifiedConnection, toAwsAccount } from './aws-accounts'
/** Reading connections, and the monitoring state that SES monitoring owns on the connection item. */
export {
  type AwsConnectionRecord,
  confirmMonitoring,
  getConnection,
  listConnections,
  type MonitoringRecord,
  organizationOf,
  setMonitoring,
} from './aws-accounts.repo'
/** What a customer AWS error means: transient (retry) or the customer's to fix (a clear 4xx). */
export { awsErrorOf, isTransientAwsError, toCustomerAwsError } from './aws-errors'
/** The labels of the organization's connections (account number, region, name), for lists in other domains. */
export { type ConnectionLabel, listConnectionLabels } from './connection-pages.repo'
/** SES and SNS clients in a customer's AWS account, built from the connection's own credentials. */
export { customerSes, customerSesSingleAttempt, customerSns } from './customer-clients'
/** Email identities of a connection (`EmailIdentities.…` in the functions). */
export * as EmailIdentities from './identities'
/** Removing what SES monitoring installed in a customer's account (deleting a connection removes it too). */
export { ignoringNotFound, removeFromAccount } from './monitoring-removal'
