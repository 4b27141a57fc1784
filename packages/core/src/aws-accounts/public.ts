/**
 * What other domains may use of the AWS accounts domain's storage (its repository stays private to this folder;
 * the boundaries lint rule enforces it): reading connections, and the monitoring state that SES monitoring owns
 * on the connection item.
 */

/** Which connection of the organization reaches an AWS account and region now (it holds the account's claim). */
export { claimHolder } from './account-claims.repo'
export {
  type AwsConnectionRecord,
  confirmMonitoring,
  getConnection,
  listConnections,
  type MonitoringRecord,
  organizationOf,
  setMonitoring,
} from './aws-accounts.repo'
export { type ConnectionLabel, listConnectionLabels } from './connection-pages.repo'
export { ignoringNotFound, removeFromAccount } from './monitoring-removal'
