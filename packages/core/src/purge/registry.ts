import type { ShardedPartition } from '../db/shards'

/** A key outside an organization's partition. */
export interface PurgeKey {
  PK: string
  SK: string
}

/** What one AWS connection is, for what its domain removes when it is deleted. */
export interface PurgedAwsAccount {
  orgId: string
  awsAccountId: string
  /** Its account and region, when it knew its number. */
  account?: { awsAccountNumber: string; region: string }
}

/**
 * What one domain keeps under an organization and removes when it goes: declared in the domain's own
 * `purge.ts`, collected in `purge-registry.ts`, so purge knows no domain's keys.
 */
export interface PurgeDeclaration {
  domain: string
  /** SK prefixes of its items in the organization's partition (`ORG#<id>`). */
  prefixes: readonly string[]
  /** Items of another partition one of its items points at (owner pointers), removed with that item. */
  pointersOf?(sk: string): PurgeKey[]
  /** Runs first when an organization is purged, before its partition is emptied (idempotent). */
  beforeOrganization?(orgId: string): Promise<void>
  /** SK prefixes in the organization's partition that belong to a deleted AWS connection. */
  awsAccountPrefixes?(connection: PurgedAwsAccount): Promise<string[]> | string[]
  /**
   * Sharded partitions it keeps beside the organization's (`ORG#<id>#…#<n>`, see db/shards.ts): emptied after
   * the organization's partition, and, for a deleted AWS connection, the items under its sort-key prefix.
   */
  /**
   * What deleted entities of this domain leave behind once their deletion has committed (versions, content,
   * pointers): up to `batchItems` removed per pass, 'more' when some remain. Queued with
   * `enqueuePurge({ kind: 'leftovers', domain, orgId, ids })`; safe to repeat.
   */
  leftovers?(orgId: string, ids: readonly string[], batchItems: number): Promise<'done' | 'more'>
  shardedPartitions?: readonly {
    partition(orgId: string): ShardedPartition
    awsAccountPrefix?(connection: PurgedAwsAccount): string
  }[]
}

/** The declaration that owns an item of the organization's partition (the longest matching prefix). */
export function ownerOf(declarations: readonly PurgeDeclaration[], sk: string): PurgeDeclaration | undefined {
  let owner: PurgeDeclaration | undefined
  let longest = -1
  for (const declaration of declarations) {
    for (const prefix of declaration.prefixes) {
      if (sk.startsWith(prefix) && prefix.length > longest) {
        owner = declaration
        longest = prefix.length
      }
    }
  }
  return owner
}
