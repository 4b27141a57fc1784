import {
  WEBHOOK_MAILED_PREFIX,
  WEBHOOK_PREFIX,
  WEBHOOK_WANTS_PREFIX,
  webhookDeliveryPartition,
} from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'
import { deleteDeliveries } from './deliveries.repo'

/** Endpoints, the wanted-types record and owner-mail marks in the organization's partition, the delivery log in its shards. */
export const webhooksPurge: PurgeDeclaration = {
  domain: 'webhooks',
  prefixes: [WEBHOOK_PREFIX, WEBHOOK_MAILED_PREFIX, WEBHOOK_WANTS_PREFIX],
  shardedPartitions: [{ partition: webhookDeliveryPartition }],
  /** A deleted endpoint's deliveries (`ids`: endpoint ids). */
  async leftovers(orgId, ids, batchItems) {
    for (const endpointId of ids)
      if ((await deleteDeliveries(orgId, endpointId, batchItems)) === 'more') return 'more'
    return 'done'
  },
}
