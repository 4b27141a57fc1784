import {
  hourlyStatsPartition,
  hourlyStatsPrefix,
  hourlyStatsShardSortKey,
  messageLogPrefix,
} from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'

export const sesMonitoringPurge: PurgeDeclaration = {
  domain: 'ses-monitoring',
  /** `STATS#` holds the hourly counts written before they were sharded. */
  prefixes: ['LOG#', 'STATS#'],
  /** A deleted connection's message logs and hourly counts. */
  awsAccountPrefixes: ({ awsAccountId }) => [messageLogPrefix(awsAccountId), hourlyStatsPrefix(awsAccountId)],
  shardedPartitions: [
    {
      partition: hourlyStatsPartition,
      awsAccountPrefix: ({ awsAccountId }) => hourlyStatsShardSortKey(awsAccountId, ''),
    },
  ],
}
