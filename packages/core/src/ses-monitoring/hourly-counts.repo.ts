import { COUNT_OF_EVENT, type SesEventType, STATUS_COUNT_KEYS, type StatusCounts } from '@app/contracts'
import * as z from 'zod'
import { itemParser } from '../db/item'
import {
  hourlyStatsPartition,
  hourlyStatsPrefix,
  hourlyStatsShardSortKey,
  organizationPartition,
} from '../db/keys'
import { queryPartition } from '../db/query'
import { pickShard, queryShards } from '../db/shards'
import { tableName } from '../db/table'
import type { NamedItem } from '../db/transact'

export const emptyCounts = (): StatusCounts =>
  Object.fromEntries(STATUS_COUNT_KEYS.map((key) => [key, 0])) as StatusCounts

const CountsItem = z.object(
  Object.fromEntries(STATUS_COUNT_KEYS.map((key) => [key, z.number().default(0)])) as Record<
    keyof StatusCounts,
    z.ZodDefault<z.ZodNumber>
  >,
)
const toCounts = itemParser(CountsItem)

/**
 * Counts one event in the hour of its message's sending: an ADD to one of the hour's shards, picked at random,
 * so a burst of events spreads over `HOURLY_STATS_SHARDS` partitions instead of contending for one item.
 */
export function countEvent(
  orgId: string,
  awsAccountId: string,
  hour: string,
  type: SesEventType,
  expiresAt: number,
): NamedItem {
  return {
    name: 'stats.count',
    Update: {
      TableName: tableName(),
      Key: { PK: pickShard(hourlyStatsPartition(orgId)), SK: hourlyStatsShardSortKey(awsAccountId, hour) },
      UpdateExpression: 'SET entity = :entity, expiresAt = :expires ADD #count :one',
      ExpressionAttributeNames: { '#count': COUNT_OF_EVENT[type] },
      ExpressionAttributeValues: { ':entity': 'HourlyStats', ':expires': expiresAt, ':one': 1 },
    },
  }
}

/**
 * The hourly counts from `fromHour` to `toHour` (inclusive, `yyyy-mm-ddThh`), by hour: every shard's counts of
 * an hour summed, plus what was counted before the counters were sharded (one item per hour in the
 * organization's partition; gone once MESSAGE_LOG_RETENTION_DAYS have passed).
 */
export async function readHourlyCounts(
  orgId: string,
  awsAccountId: string,
  fromHour: string,
  toHour: string,
): Promise<Map<string, StatusCounts>> {
  const shardPrefix = hourlyStatsShardSortKey(awsAccountId, '')
  const legacyPrefix = hourlyStatsPrefix(awsAccountId)
  const [sharded, legacy] = await Promise.all([
    queryShards(hourlyStatsPartition(orgId), {
      sk: { between: [`${shardPrefix}${fromHour}`, `${shardPrefix}${toHour}`] },
    }),
    queryPartition(organizationPartition(orgId), {
      sk: { between: [`${legacyPrefix}${fromHour}`, `${legacyPrefix}${toHour}`] },
    }).then((result) => result.items),
  ])
  const byHour = new Map<string, StatusCounts>()
  const add = (hour: string, item: Record<string, unknown>) => {
    const counts = byHour.get(hour) ?? emptyCounts()
    const more = toCounts(item)
    for (const key of STATUS_COUNT_KEYS) counts[key] += more[key]
    byHour.set(hour, counts)
  }
  for (const item of sharded) add(String(item.SK).slice(shardPrefix.length), item)
  for (const item of legacy) add(String(item.SK).slice(legacyPrefix.length), item)
  return byHour
}
