import { type QueryOptions, queryPartition } from './query'
import type { Item } from './table'

/**
 * A logical partition written across `shards` physical ones (`<prefix>#0` … `<prefix>#<shards-1>`), for write
 * paths hotter than one partition takes (about 1,000 writes/s): counters, per-recipient ledgers, event streams.
 * Writes pick a shard (by hash of an id, so that item can be found again with one read, or at random for
 * counters); reads query every shard in parallel and merge.
 */
export interface ShardedPartition {
  prefix: string
  shards: number
}

export const shardKey = (partition: ShardedPartition, shard: number) => `${partition.prefix}#${shard}`

export const shardKeys = (partition: ShardedPartition) =>
  Array.from({ length: partition.shards }, (_, shard) => shardKey(partition, shard))

/** FNV-1a (32 bits): stable across processes and runtimes, well spread for ids. */
function hash(value: string): number {
  let h = 0x811c9dc5
  for (let index = 0; index < value.length; index++) {
    h ^= value.charCodeAt(index)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/**
 * The shard partition key to write to: the same for the same `id` (so a point read of that item needs no
 * scatter), or a random one without an id (counters, whose shards are summed on read).
 */
export function pickShard(partition: ShardedPartition, id?: string): string {
  const shard = id === undefined ? Math.floor(Math.random() * partition.shards) : hash(id) % partition.shards
  return shardKey(partition, shard)
}

const compareBySortKey = (backwards: boolean) => (a: Item, b: Item) => {
  const order = String(a.SK) < String(b.SK) ? -1 : String(a.SK) > String(b.SK) ? 1 : 0
  return backwards ? -order : order
}

/**
 * Scatter-gather: queries every shard in parallel (with the same sort-key condition) and merges them in sort-key
 * order (descending when `backwards`), returning at most `limit` items (all when absent). To continue, query
 * again with `sk: { after: <last SK> }` (or `before` backwards): sort keys must then be unique across shards
 * (end them with an id).
 */
export async function queryShards(
  partition: ShardedPartition,
  options: Omit<QueryOptions, 'startKey'> = {},
): Promise<Item[]> {
  // The merge needs each item's sort key.
  const attributes = options.attributes && [...new Set(['SK', ...options.attributes])]
  const perShard = await Promise.all(
    shardKeys(partition).map((pk) =>
      queryPartition(pk, { ...options, attributes }).then((result) => result.items),
    ),
  )
  const merged = perShard.flat().sort(compareBySortKey(options.backwards ?? false))
  return options.limit === undefined ? merged : merged.slice(0, options.limit)
}
