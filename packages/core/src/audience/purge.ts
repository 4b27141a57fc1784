import {
  addressPartition,
  audienceCountPartition,
  contactPartition,
  preferencePartition,
  TOPIC_NAME_PREFIX,
  TOPIC_PREFIX,
} from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'

/** Topics live in the organization's partition; contacts, addresses, preferences and counters in its shards. */
export const audiencePurge: PurgeDeclaration = {
  domain: 'audience',
  prefixes: [TOPIC_PREFIX, TOPIC_NAME_PREFIX],
  shardedPartitions: [
    { partition: contactPartition },
    { partition: addressPartition },
    { partition: preferencePartition },
    { partition: audienceCountPartition },
  ],
}
