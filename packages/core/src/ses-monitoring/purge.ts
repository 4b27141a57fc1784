import { hourlyStatsPrefix, messageLogPrefix } from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'

export const sesMonitoringPurge: PurgeDeclaration = {
  domain: 'ses-monitoring',
  prefixes: ['LOG#', 'STATS#'],
  /** A deleted connection's message logs and hourly counts. */
  awsAccountPrefixes: ({ awsAccountId }) => [messageLogPrefix(awsAccountId), hourlyStatsPrefix(awsAccountId)],
}
