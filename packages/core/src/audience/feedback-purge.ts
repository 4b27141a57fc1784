import { bounceStreakPartition, SUPPRESSION_SYNC_PREFIX } from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'

/** Suppression from SES: each AWS account's sync state and the organization's soft-bounce streaks. */
export const suppressionFeedbackPurge: PurgeDeclaration = {
  domain: 'audience-suppression-feedback',
  prefixes: [SUPPRESSION_SYNC_PREFIX],
  awsAccountPrefixes: ({ awsAccountId }) => [`${SUPPRESSION_SYNC_PREFIX}${awsAccountId}`],
  shardedPartitions: [{ partition: bounceStreakPartition }],
}
