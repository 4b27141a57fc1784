import { SendMessageCommand } from '@aws-sdk/client-sqs'
import * as z from 'zod'
import { sqs } from '../aws'
import { deleteAll } from '../db/batch'
import { queryPartition } from '../db/query'
import { type ShardedPartition, shardKeys } from '../db/shards'
import { keyOf } from '../db/table'
import { coreEnv } from '../env'
import { PURGE_DECLARATIONS } from '../purge-registry'
import { organizationKeysPage } from './purge.repo'
import { ownerOf, type PurgeDeclaration } from './registry'

export const PurgeMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('organization'), orgId: z.string().min(1) }),
  /**
   * What a deleted AWS connection leaves in its organization's partition: message logs and counts, and the SES
   * publication records of its account and region (when it knew its number).
   */
  z.object({
    kind: z.literal('awsAccount'),
    orgId: z.string().min(1),
    awsAccountId: z.string().min(1),
    awsAccountNumber: z.string().optional(),
    region: z.string().optional(),
  }),
  /** What deleted entities of one domain leave behind, removed by that domain's `leftovers` (see registry.ts). */
  z.object({
    kind: z.literal('leftovers'),
    domain: z.string().min(1),
    orgId: z.string().min(1),
    ids: z.array(z.string().min(1)).min(1).max(100),
  }),
  /** Deleted templates, as queued before `leftovers` existed: read as the templates domain's leftovers. */
  z.object({
    kind: z.literal('templates'),
    orgId: z.string().min(1),
    templateIds: z.array(z.string().min(1)).min(1).max(100),
  }),
])
export type PurgeMessage = z.infer<typeof PurgeMessageSchema>

/** Items removed per pass; a larger organization continues in the purge worker. */
export const PURGE_BATCH_ITEMS = 500

/**
 * Removes an organization: each domain's `beforeOrganization` first (the profile goes there, so every access
 * check fails from that moment, then the members' membership items), then the organization's items in passes
 * of `batchItems`, with whatever their domains say points at them from other partitions. Returns 'more' when
 * items remain. Safe to repeat: every step deletes what is still there.
 */
export async function purgeOrganizationPass(
  orgId: string,
  batchItems = PURGE_BATCH_ITEMS,
  declarations: readonly PurgeDeclaration[] = PURGE_DECLARATIONS,
): Promise<'done' | 'more'> {
  for (const declaration of declarations) await declaration.beforeOrganization?.(orgId)
  const { keys, more } = await organizationKeysPage(orgId, batchItems)
  // Items kept outside the partition that point into it go with what they point at.
  const pointers = keys.flatMap((key) => ownerOf(declarations, key.SK)?.pointersOf?.(key.SK) ?? [])
  await deleteAll([...pointers, ...keys])
  if (more) return 'more'
  // Then the sharded partitions the domains keep beside the organization's (ORG#<id>#…#<n>).
  for (const declaration of declarations) {
    for (const sharded of declaration.shardedPartitions ?? []) {
      if ((await purgeShards(sharded.partition(orgId), undefined, batchItems)) === 'more') return 'more'
    }
  }
  return 'done'
}

/** Removes up to `batchItems` items of a sharded partition (those whose sort key begins with `prefix`). */
async function purgeShards(
  partition: ShardedPartition,
  prefix: string | undefined,
  batchItems: number,
): Promise<'done' | 'more'> {
  for (const pk of shardKeys(partition)) {
    const { items, lastKey } = await queryPartition(pk, {
      ...(prefix ? { sk: { beginsWith: prefix } } : {}),
      attributes: ['PK', 'SK'],
      limit: batchItems,
    })
    await deleteAll(items.map(keyOf))
    if (lastKey) return 'more'
  }
  return 'done'
}

/**
 * Removes up to `batchItems` of what a deleted AWS connection left in its organization's partition, as each
 * domain declares it (message logs and counts, SES publication records); 'more' when some remain.
 */
export async function purgeAwsAccountPass(
  orgId: string,
  awsAccountId: string,
  batchItems = PURGE_BATCH_ITEMS,
  account?: { awsAccountNumber: string; region: string },
  declarations: readonly PurgeDeclaration[] = PURGE_DECLARATIONS,
): Promise<'done' | 'more'> {
  const connection = { orgId, awsAccountId, ...(account ? { account } : {}) }
  const prefixes = (
    await Promise.all(declarations.map((declaration) => declaration.awsAccountPrefixes?.(connection) ?? []))
  ).flat()
  for (const prefix of prefixes) {
    const { keys, more } = await organizationKeysPage(orgId, batchItems, prefix)
    await deleteAll(keys)
    if (more) return 'more'
  }
  for (const declaration of declarations) {
    for (const sharded of declaration.shardedPartitions ?? []) {
      const prefix = sharded.awsAccountPrefix?.(connection)
      if (prefix === undefined) continue
      if ((await purgeShards(sharded.partition(orgId), prefix, batchItems)) === 'more') return 'more'
    }
  }
  return 'done'
}

/** One pass of whichever purge the message asks for. */
export function purgePass(message: PurgeMessage, batchItems = PURGE_BATCH_ITEMS): Promise<'done' | 'more'> {
  switch (message.kind) {
    case 'organization':
      return purgeOrganizationPass(message.orgId, batchItems)
    case 'awsAccount':
      return purgeAwsAccountPass(
        message.orgId,
        message.awsAccountId,
        batchItems,
        message.awsAccountNumber && message.region
          ? { awsAccountNumber: message.awsAccountNumber, region: message.region }
          : undefined,
      )
    case 'leftovers':
      return purgeLeftoversPass(message.domain, message.orgId, message.ids, batchItems)
    case 'templates':
      return purgeLeftoversPass('templates', message.orgId, message.templateIds, batchItems)
  }
}

/** One pass of a domain's leftovers; a domain that declares none fails the message (it cannot be done). */
export async function purgeLeftoversPass(
  domain: string,
  orgId: string,
  ids: readonly string[],
  batchItems = PURGE_BATCH_ITEMS,
  declarations: readonly PurgeDeclaration[] = PURGE_DECLARATIONS,
): Promise<'done' | 'more'> {
  const leftovers = declarations.find((declaration) => declaration.domain === domain)?.leftovers
  if (!leftovers) throw new Error(`No domain named '${domain}' declares leftovers to purge`)
  return leftovers(orgId, ids, batchItems)
}

export async function enqueuePurge(message: PurgeMessage): Promise<void> {
  await sqs().send(
    new SendMessageCommand({ QueueUrl: coreEnv().purgeQueueUrl, MessageBody: JSON.stringify(message) }),
  )
}

/** One pass now; whatever remains is handed to the purge worker. */
export async function purgeOrganization(orgId: string, batchItems = PURGE_BATCH_ITEMS): Promise<void> {
  if ((await purgeOrganizationPass(orgId, batchItems)) === 'more') {
    await enqueuePurge({ kind: 'organization', orgId })
  }
}
