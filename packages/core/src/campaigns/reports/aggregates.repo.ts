import { ledgerShardPk, REPORT_PREFIX } from '../../db/keys'
import { queryPartition } from '../../db/query'
import { SHARDS } from '../sending/public'
import type { CounterField } from './decide'

export interface Aggregates {
  counters: Record<CounterField, number>
  /** `<type>/<subType>` → recipients. */
  bounces: Map<string, number>
  links: Map<string, { url: string; unique: number; total: number }>
  /** `H2026112514` / `D20261125` → counts. */
  buckets: Map<string, { opens: number; machineOpens: number; clicks: number }>
}

const EMPTY_COUNTERS: Record<CounterField, number> = {
  delivered: 0,
  opens: 0,
  machineOpens: 0,
  uniqueOpens: 0,
  uniqueHumanOpens: 0,
  clicks: 0,
  uniqueClicks: 0,
  hardBounces: 0,
  softBounces: 0,
  bounced: 0,
  complaints: 0,
  unsubscribes: 0,
  rejected: 0,
  deliveryDelays: 0,
  renderingFailures: 0,
}

const num = (value: unknown) => (typeof value === 'number' ? value : 0)
/** A timeline bucket's count on a counter item (`bucketField`). */
const BUCKET_FIELD = /^([HD]\d+):(opens|machineOpens|clicks)$/

function addToBucket(result: Aggregates, key: string, field: string, by: number) {
  const bucket = result.buckets.get(key) ?? { opens: 0, machineOpens: 0, clicks: 0 }
  bucket[field as 'opens' | 'machineOpens' | 'clicks'] += by
  result.buckets.set(key, bucket)
}

/**
 * A campaign's report aggregates (CL9): every shard partition's `RPT#` items (the counters' sub-shards with
 * their timeline buckets, the links), read in parallel and summed. Small: ~64 counters, a few items per link and per
 * hour of activity.
 */
export async function readAggregates(orgId: string, campaignId: string): Promise<Aggregates> {
  const perShard = await Promise.all(
    SHARDS.map((shard) =>
      queryPartition(ledgerShardPk(orgId, campaignId, shard), { sk: { beginsWith: REPORT_PREFIX } }),
    ),
  )
  const result: Aggregates = {
    counters: { ...EMPTY_COUNTERS },
    bounces: new Map(),
    links: new Map(),
    buckets: new Map(),
  }
  for (const item of perShard.flatMap((page) => page.items)) {
    const sk = String(item.SK)
    if (sk.startsWith(`${REPORT_PREFIX}C#`)) {
      for (const field of Object.keys(EMPTY_COUNTERS) as CounterField[])
        result.counters[field] += num(item[field])
      for (const [name, value] of Object.entries(item)) {
        if (name.startsWith('bounce:')) {
          const kind = name.slice('bounce:'.length)
          result.bounces.set(kind, (result.bounces.get(kind) ?? 0) + num(value))
        }
        const bucket = BUCKET_FIELD.exec(name)
        if (bucket) addToBucket(result, bucket[1] as string, bucket[2] as string, num(value))
      }
    } else if (sk.startsWith(`${REPORT_PREFIX}L#`)) {
      const hash = String(item.hash)
      const link = result.links.get(hash) ?? { url: String(item.url), unique: 0, total: 0 }
      link.unique += num(item.unique)
      link.total += num(item.total)
      result.links.set(hash, link)
    } else if (sk.startsWith(`${REPORT_PREFIX}T#`)) {
      // A bucket item of a campaign counted before the buckets moved onto the counter items.
      for (const field of ['opens', 'machineOpens', 'clicks'])
        addToBucket(result, String(item.bucket), field, num(item[field]))
    }
  }
  return result
}
