import { eventMarkerKey, recipientKey, reportBucketKey, reportCounterKey, reportLinkKey } from '../../db/keys'
import { tableName } from '../../db/table'
import type { NamedItem } from '../../db/transact'
import type { Change, RecipientActivity } from './decide'

/** How long an event's marker stays: past SNS's and SES's redelivery windows. */
const MARKER_TTL_SECONDS = 30 * 24 * 3600

type Values = Record<string, unknown>
type Key = { PK: string; SK: string }

/** `SET #s0 = :s0, … ADD #a0 :a0, …` over generated names. */
function expression(sets: Values, adds: Values) {
  const names: Record<string, string> = {}
  const values: Values = {}
  const parts = (entries: [string, unknown][], prefix: string, format: (n: string, v: string) => string) =>
    entries.map(([name, value], index) => {
      names[`#${prefix}${index}`] = name
      values[`:${prefix}${index}`] = value
      return format(`#${prefix}${index}`, `:${prefix}${index}`)
    })
  const set = parts(Object.entries(sets), 's', (n, v) => `${n} = ${v}`)
  const add = parts(Object.entries(adds), 'a', (n, v) => `${n} ${v}`)
  return {
    UpdateExpression: [set.length ? `SET ${set.join(', ')}` : '', add.length ? `ADD ${add.join(', ')}` : '']
      .filter(Boolean)
      .join(' '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  }
}

/** ADDs to an aggregate item, creating it with `sets` (its entity and labels) the first time. */
export function aggregateUpdate(name: string, key: Key, sets: Values, adds: Values): NamedItem {
  const built = expression({}, adds)
  const setParts = Object.entries(sets).map(([field, value], index) => {
    built.ExpressionAttributeNames[`#f${index}`] = field
    built.ExpressionAttributeValues[`:f${index}`] = value
    return `#f${index} = if_not_exists(#f${index}, :f${index})`
  })
  return {
    name,
    Update: {
      TableName: tableName(),
      Key: key,
      ...built,
      UpdateExpression: `SET ${setParts.join(', ')} ${built.UpdateExpression}`,
    },
  }
}

export interface Recipient {
  orgId: string
  campaignId: string
  shard: number
  contactId: string
}

/** An event's marker: its put fails when the event was counted already. */
export function markerItem(recipient: Recipient, identity: string, type: string, now: Date): NamedItem {
  return {
    name: 'report.marker',
    Put: {
      TableName: tableName(),
      Item: {
        ...eventMarkerKey(recipient.orgId, recipient.campaignId, recipient.shard, identity),
        entity: 'CampaignEventMarker',
        type,
        expiresAt: Math.floor(now.getTime() / 1000) + MARKER_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  }
}

/** The recipient's report fields, conditioned on the report version `state.rv` they were decided from. */
export function recipientUpdate(
  recipient: Recipient,
  state: RecipientActivity,
  change: Pick<Change, 'set' | 'add'> & { links: string[] },
): NamedItem {
  const version = state.rv ?? 0
  const built = expression(
    { ...change.set, rv: version + 1 },
    { ...change.add, ...(change.links.length ? { links: new Set(change.links) } : {}) },
  )
  const first = state.rv === undefined
  return {
    name: 'report.recipient',
    Update: {
      TableName: tableName(),
      Key: recipientKey(recipient.orgId, recipient.campaignId, recipient.shard, recipient.contactId),
      UpdateExpression: built.UpdateExpression,
      ConditionExpression: first ? 'attribute_exists(PK) AND attribute_not_exists(rv)' : '#rv = :rv',
      ExpressionAttributeNames: { ...built.ExpressionAttributeNames, ...(first ? {} : { '#rv': 'rv' }) },
      ExpressionAttributeValues: {
        ...built.ExpressionAttributeValues,
        ...(first ? {} : { ':rv': state.rv }),
      },
    },
  }
}

/** The campaign's aggregates of one or more events, summed: counters, timeline buckets, links. */
export interface Sums {
  counters: Record<string, number>
  buckets: Map<string, { opens: number; machineOpens: number; clicks: number }>
  links: Map<string, { url: string; total: number; unique: number }>
}

export const emptySums = (): Sums => ({ counters: {}, buckets: new Map(), links: new Map() })

/** Adds one event's change (its timeline bucket given) to `sums`. */
export function addToSums(sums: Sums, change: Change, bucket: string): void {
  const counters: Record<string, number> = { ...change.counters }
  if (change.bounceKind) counters[`bounce:${change.bounceKind}`] = 1
  for (const [field, by] of Object.entries(counters)) sums.counters[field] = (sums.counters[field] ?? 0) + by
  if (change.bucket) {
    const into = sums.buckets.get(bucket) ?? { opens: 0, machineOpens: 0, clicks: 0 }
    into.opens += change.bucket.opens
    into.machineOpens += change.bucket.machineOpens
    into.clicks += change.bucket.clicks
    sums.buckets.set(bucket, into)
  }
  if (change.link) {
    const into = sums.links.get(change.link.hash) ?? { url: change.link.url, total: 0, unique: 0 }
    into.total += 1
    into.unique += change.link.unique
    sums.links.set(change.link.hash, into)
  }
}

/**
 * The ADDs of `sums` to one counter sub-shard, one item per timeline bucket and one per link, all in the partition
 * of `shard` (the report sums every shard's and sub-shard's items, so where a sum lands does not matter).
 */
export function aggregateItems(
  campaign: { orgId: string; campaignId: string },
  sums: Sums,
  shard: number,
  sub: number,
): NamedItem[] {
  const { orgId, campaignId } = campaign
  const items: NamedItem[] = []
  const counters = Object.fromEntries(Object.entries(sums.counters).filter(([, by]) => by !== 0))
  if (Object.keys(counters).length > 0)
    items.push(
      aggregateUpdate(
        'report.counter',
        reportCounterKey(orgId, campaignId, shard, sub),
        { entity: 'CampaignReportCounter' },
        counters,
      ),
    )
  for (const [bucket, adds] of sums.buckets)
    items.push(
      aggregateUpdate(
        'report.bucket',
        reportBucketKey(orgId, campaignId, shard, bucket, sub),
        { entity: 'CampaignReportBucket', bucket },
        adds,
      ),
    )
  for (const [hash, link] of sums.links)
    items.push(
      aggregateUpdate(
        'report.link',
        reportLinkKey(orgId, campaignId, shard, hash, sub),
        { entity: 'CampaignReportLink', url: link.url, hash },
        { total: link.total, unique: link.unique },
      ),
    )
  return items
}
