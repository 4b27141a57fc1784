import { createHash } from 'node:crypto'
import { eventMarkerKey, recipientKey, reportCounterKey, reportLinkKey } from '../../db/keys'
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

/**
 * A recipient keeps the ids of its counted events on its own item (one write per recipient, none per event) up to
 * this many; past it (a scanner opening a message thousands of times) its events get marker items, so the item
 * stays far below DynamoDB's 400 KB.
 */
export const SEEN_LIMIT = 500

/** An event's id in its recipient's `seen` set: 96 bits of its identity's SHA-256. */
export const seenId = (identity: string): string =>
  createHash('sha256').update(identity).digest('base64url').slice(0, 16)

/**
 * Whether a recipient's events are deduplicated by marker items: it passed `SEEN_LIMIT`, or its events were
 * counted before recipients kept their `seen` ids (a report version without them).
 */
export const usesMarkers = (state: RecipientActivity): boolean =>
  state.markers === true || (state.rv !== undefined && state.seen === undefined)

/** How a recipient update records its new events: their ids in `seen`, or the switch to marker items. */
export type Dedupe = { seen: string[] } | { markers: true }

/** How `state` records `identities` more: in `seen` while they fit `SEEN_LIMIT`, else by markers from now on. */
export function dedupeFor(state: RecipientActivity, identities: string[]): Dedupe {
  if (usesMarkers(state) || (state.seen?.size ?? 0) + identities.length > SEEN_LIMIT) return { markers: true }
  return { seen: identities.map(seenId) }
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

/**
 * The recipient's report fields and its events' dedupe, conditioned on the report version `state.rv` they were
 * decided from.
 */
export function recipientUpdate(
  recipient: Recipient,
  state: RecipientActivity,
  change: Pick<Change, 'set' | 'add'> & { links: string[] },
  dedupe: Dedupe,
): NamedItem {
  const version = state.rv ?? 0
  const seen = 'seen' in dedupe && dedupe.seen.length > 0 ? { seen: new Set(dedupe.seen) } : {}
  const built = expression(
    { ...change.set, rv: version + 1, ...('markers' in dedupe ? { markers: true } : {}) },
    { ...change.add, ...(change.links.length ? { links: new Set(change.links) } : {}), ...seen },
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

/** The counter item's attribute of a timeline bucket's count (`H2026112514:opens`): no item per bucket. */
export const bucketField = (bucket: string, field: string) => `${bucket}:${field}`

/**
 * The ADDs of `sums` to one counter sub-shard (its timeline buckets among its attributes) and one item per link,
 * all in the partition of `shard` (the report sums every shard's and sub-shard's items, so where a sum lands does
 * not matter).
 */
export function aggregateItems(
  campaign: { orgId: string; campaignId: string },
  sums: Sums,
  shard: number,
  sub: number,
): NamedItem[] {
  const { orgId, campaignId } = campaign
  const items: NamedItem[] = []
  const counters: Record<string, number> = Object.fromEntries(
    Object.entries(sums.counters).filter(([, by]) => by !== 0),
  )
  for (const [bucket, adds] of sums.buckets)
    for (const [field, by] of Object.entries(adds)) if (by !== 0) counters[bucketField(bucket, field)] = by
  if (Object.keys(counters).length > 0)
    items.push(
      aggregateUpdate(
        'report.counter',
        reportCounterKey(orgId, campaignId, shard, sub),
        { entity: 'CampaignReportCounter' },
        counters,
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
