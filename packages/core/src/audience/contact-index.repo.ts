import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import {
  AUDIENCE_SHARDS,
  contactEmailIndexPartition,
  contactNameIndexPartition,
  preferencePartition,
} from '../db/keys'
import { shardKey } from '../db/shards'
import { GSI1, GSI2, type Item, tableName } from '../db/table'
import { getContacts, toContact } from './contacts.repo'
import type { Phase } from './filters'
import type { ContactRecord } from './model'

/** Above any character DynamoDB may compare (U+10FFFF), to close a prefix range. */
const TOP = '\u{10FFFF}'
/** Just above a key, to continue strictly after it (no key holds U+0000). */
const justAfter = (key: string) => `${key}\u0000`

interface Source {
  index?: string
  pk: (shard: number) => string
  sk: string
}

function sourceOf(orgId: string, phase: Phase): Source {
  if (phase.index === 'email')
    return { index: GSI1, pk: (shard) => contactEmailIndexPartition(orgId, shard), sk: 'GSI1SK' }
  if (phase.index === 'name')
    return { index: GSI2, pk: (shard) => contactNameIndexPartition(orgId, shard), sk: 'GSI2SK' }
  return { pk: (shard) => shardKey(preferencePartition(orgId), shard), sk: 'SK' }
}

interface ShardRead {
  items: Item[]
  /** The last sort key DynamoDB evaluated when more may follow; undefined when the shard is read to its end. */
  last?: string
  evaluated: number
}

async function readShard(
  source: Source,
  phase: Phase,
  shard: number,
  after: string | undefined,
  limit: number,
): Promise<ShardRead> {
  const prefix = 'prefix' in phase ? (phase.prefix ?? '') : ''
  const from = after !== undefined ? justAfter(after) : prefix
  const filter = phase.index !== 'preference' ? phase.filter : undefined
  const ranged = prefix !== '' || after !== undefined
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      ...(source.index ? { IndexName: source.index } : {}),
      KeyConditionExpression: ranged ? '#pk = :pk AND #sk BETWEEN :from AND :to' : '#pk = :pk',
      ...(filter ? { FilterExpression: filter.expression } : {}),
      ExpressionAttributeNames: {
        '#pk': source.index ? `${source.index}PK` : 'PK',
        ...(ranged ? { '#sk': source.sk } : {}),
        ...filter?.names,
      },
      ExpressionAttributeValues: {
        ':pk': source.pk(shard),
        ...(ranged ? { ':from': from, ':to': `${prefix}${TOP}` } : {}),
        ...filter?.values,
      },
      Limit: limit,
    }),
  )
  const lastKey = page.LastEvaluatedKey
  return {
    items: (page.Items ?? []) as Item[],
    ...(lastKey ? { last: String(lastKey[source.sk]) } : {}),
    evaluated: page.ScannedCount ?? 0,
  }
}

export interface PhaseRead {
  rows: ContactRecord[]
  /** Where to continue this phase; undefined when it is read to its end. */
  next?: string
  evaluated: number
}

/**
 * Reads up to `want` rows of one phase after `after`, scatter-gathering the shards: each round queries every
 * shard from the common position, and only rows up to the lowest position a shard stopped at are final (no
 * shard can hold a row before it unread). Stops when `want` rows are final, the phase ends, or `budget` index
 * entries were evaluated (a partial page with a position to continue from).
 */
export async function readPhase(
  orgId: string,
  phase: Phase,
  after: string | undefined,
  want: number,
  budget: number,
): Promise<PhaseRead> {
  const source = sourceOf(orgId, phase)
  const indexBacked = phase.index === 'preference' || !phase.filter
  const wanted = indexBacked ? want + 1 : Math.max(want + 1, 200)
  // Ids are hashed over the shards, so each holds an even share of any range: twice that share each usually fills
  // the page in one round (the frontier keeps the merge exact when it does not). A filtered phase never reads
  // more than its budget, spread over the shards.
  const perShard = indexBacked
    ? Math.min(1000, 2 * Math.ceil(wanted / AUDIENCE_SHARDS) + 1)
    : Math.max(1, Math.min(1000, wanted, Math.ceil(budget / AUDIENCE_SHARDS)))
  const rows: Item[] = []
  let position = after
  let evaluated = 0
  for (;;) {
    const reads = await Promise.all(
      Array.from({ length: AUDIENCE_SHARDS }, (_, shard) =>
        readShard(source, phase, shard, position, perShard),
      ),
    )
    evaluated += reads.reduce((sum, read) => sum + read.evaluated, 0)
    const stops = reads.flatMap((read) => (read.last === undefined ? [] : [read.last]))
    const frontier = stops.length > 0 ? stops.reduce((a, b) => (a < b ? a : b)) : undefined
    const final = reads
      .flatMap((read) => read.items)
      .filter((item) => frontier === undefined || String(item[source.sk]) <= frontier)
      .sort((a, b) => (String(a[source.sk]) < String(b[source.sk]) ? -1 : 1))
    rows.push(...final)
    if (rows.length >= want) {
      const taken = rows.slice(0, want)
      const more = rows.length > want || frontier !== undefined
      return {
        rows: await toRows(orgId, phase, taken),
        ...(more ? { next: String(taken.at(-1)?.[source.sk]) } : {}),
        evaluated,
      }
    }
    if (frontier === undefined) return { rows: await toRows(orgId, phase, rows), evaluated }
    position = frontier
    if (evaluated >= budget) return { rows: await toRows(orgId, phase, rows), next: frontier, evaluated }
  }
}

async function toRows(orgId: string, phase: Phase, items: Item[]): Promise<ContactRecord[]> {
  if (phase.index !== 'preference') return items.map(toContact)
  const contacts = await getContacts(
    orgId,
    items.map((item) => String(item.contactId)),
  )
  return contacts.filter((contact): contact is ContactRecord => contact !== undefined)
}
