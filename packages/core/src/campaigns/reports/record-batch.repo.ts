import { batchGet } from '../../db/batch'
import { eventMarkerKey, REPORT_SUBSHARDS, recipientKey } from '../../db/keys'
import { type NamedItem, TransactionFailed, transact } from '../../db/transact'
import { SHARDS, shardOf } from '../sending/public'
import { type Change, decide, type RecipientActivity, RecipientActivitySchema } from './decide'
import { bucketOf, type EngagementEvent, eventIdentity } from './model'
import { type RecordResult, recordEngagement } from './record.repo'
import {
  addToSums,
  aggregateItems,
  type Dedupe,
  dedupeFor,
  emptySums,
  markerItem,
  type Recipient,
  recipientUpdate,
  type Sums,
  seenId,
  usesMarkers,
} from './record-items'

/** DynamoDB's most items in one transaction. */
const TRANSACTION_ITEMS = 100
const SUBSHARDS = Array.from({ length: REPORT_SUBSHARDS }, (_, sub) => sub)

const keyId = (key: { PK: string; SK: string }) => `${key.PK}\u0000${key.SK}`
const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)] as T

/** One recipient's new events of a batch, decided in order from the recipient as read. */
interface RecipientEvents {
  recipient: Recipient
  /** As read (the recipient update's condition). */
  read: RecipientActivity
  /** As it will be once this batch's events commit (what the next event is decided from). */
  now: RecipientActivity
  events: { index: number; identity: string; type: string; change: Change; bucket: string }[]
  /** How the update records the events (set once every event of the batch is grouped). */
  dedupe: Dedupe
}

/** One transaction of a batch: new events of one campaign, their recipients and the aggregates they add. */
export interface Chunk {
  indexes: number[]
  groups: RecipientEvents[]
  /** The events cannot share one transaction (a recipient with too many): counted one by one. */
  perEvent?: boolean
}

export interface BatchPlan {
  events: EngagementEvent[]
  now: Date
  /** Per event: settled by the reads (a copy, an unknown recipient), or left to its chunk. */
  results: (RecordResult | undefined)[]
  chunks: Chunk[]
}

export interface BatchOutcome {
  results: RecordResult[]
  /** Events counted one by one: their recipient's part of a transaction was cancelled by a concurrent writer. */
  fallbacks: number
}

/** `state` as it will be once `change` commits. */
function applied(state: RecipientActivity, change: Change): RecipientActivity {
  const next: Record<string, unknown> = { ...state, ...change.set }
  const counts = state as Record<string, unknown>
  for (const [field, by] of Object.entries(change.add)) next[field] = ((counts[field] as number) ?? 0) + by
  if (change.addLink) next.links = new Set([...(state.links ?? []), change.addLink])
  return next as RecipientActivity
}

/**
 * The recipient's markers and its one update (its events' changes merged: each was decided from the state the
 * earlier ones leave), named after the group so a cancellation says which recipients failed.
 */
function recipientItems(group: RecipientEvents, tag: number, now: Date): NamedItem[] {
  const set: Record<string, unknown> = {}
  const add: Record<string, number> = {}
  const links: string[] = []
  for (const { change } of group.events) {
    Object.assign(set, change.set)
    for (const [field, by] of Object.entries(change.add)) add[field] = (add[field] ?? 0) + by
    if (change.addLink) links.push(change.addLink)
  }
  const markers = 'markers' in group.dedupe ? group.events : []
  return [
    ...markers.map((event) => ({
      ...markerItem(group.recipient, event.identity, event.type, now),
      name: `report.marker#${tag}`,
    })),
    {
      ...recipientUpdate(group.recipient, group.read, { set, add, links }, group.dedupe),
      name: `report.recipient#${tag}`,
    },
  ]
}

/** A chunk's transaction: its recipients' items and the ADDs of all their events, summed. */
function chunkItems(groups: RecipientEvents[], now: Date): NamedItem[] {
  const sums = groups.reduce(withEvents, emptySums())
  const first = groups[0] as RecipientEvents
  return [
    ...groups.flatMap((group, tag) => recipientItems(group, tag, now)),
    ...aggregateItems(first.recipient, sums, pick(SHARDS), pick(SUBSHARDS)),
  ]
}

const withEvents = (sums: Sums, group: RecipientEvents): Sums => {
  const copy: Sums = {
    counters: { ...sums.counters },
    buckets: new Map([...sums.buckets].map(([key, value]) => [key, { ...value }])),
    links: new Map([...sums.links].map(([key, value]) => [key, { ...value }])),
  }
  for (const event of group.events) addToSums(copy, event.change, event.bucket)
  return copy
}
const aggregateCount = (sums: Sums) => 1 + sums.buckets.size + sums.links.size
const indexesOf = (group: RecipientEvents) => group.events.map((event) => event.index)

/** Each campaign's recipients in chunks that fit one transaction with their aggregates. */
function chunksOf(groups: RecipientEvents[], maxItems: number): Chunk[] {
  const byCampaign = new Map<string, RecipientEvents[]>()
  for (const group of groups) {
    const campaign = `${group.recipient.orgId}#${group.recipient.campaignId}`
    byCampaign.set(campaign, [...(byCampaign.get(campaign) ?? []), group])
  }
  const chunks: Chunk[] = []
  const close = (members: RecipientEvents[]) => {
    if (members.length > 0) chunks.push({ indexes: members.flatMap(indexesOf), groups: members })
  }
  for (const campaignGroups of byCampaign.values()) {
    let members: RecipientEvents[] = []
    let sums = emptySums()
    let own = 0
    for (const group of campaignGroups) {
      const size = ('markers' in group.dedupe ? group.events.length : 0) + 1
      if (size + aggregateCount(withEvents(emptySums(), group)) > maxItems) {
        chunks.push({ indexes: indexesOf(group), groups: [group], perEvent: true })
        continue
      }
      const joined = withEvents(sums, group)
      if (own + size + aggregateCount(joined) > maxItems) {
        close(members)
        members = [group]
        sums = withEvents(emptySums(), group)
        own = size
      } else {
        members.push(group)
        sums = joined
        own += size
      }
    }
    close(members)
  }
  return chunks
}

/**
 * Reads what a batch of events needs in one consistent BatchGet (each new event's recipient, whose `seen` ids say
 * which events were counted; the markers too of a recipient that uses them) and decides every event: a copy
 * within the batch or one already seen is a duplicate, one whose recipient is
 * not in the ledger is unknown, and each recipient's new events are decided in order from the recipient as read
 * (its second open in the batch is not its first). The rest are one transaction per campaign (chunked under
 * DynamoDB's 100 items), committed by `commitChunk`.
 */
export async function planBatch(
  events: EngagementEvent[],
  now = new Date(),
  maxItems = TRANSACTION_ITEMS,
): Promise<BatchPlan> {
  const results: (RecordResult | undefined)[] = events.map(() => undefined)
  const seen = new Set<string>()
  const fresh: { index: number; identity: string; recipient: Recipient }[] = []
  events.forEach((event, index) => {
    const recipient = { ...event, shard: shardOf(event.contactId) }
    const identity = eventIdentity(event)
    const marker = keyId(eventMarkerKey(event.orgId, event.campaignId, recipient.shard, identity))
    if (seen.has(marker)) results[index] = 'duplicate'
    else {
      seen.add(marker)
      fresh.push({ index, identity, recipient })
    }
  })
  const ledgerKey = (r: Recipient) => recipientKey(r.orgId, r.campaignId, r.shard, r.contactId)
  const found = await batchGet(
    fresh.map(({ recipient }) => ledgerKey(recipient)),
    { consistent: true },
  )
  const read = new Map<string, RecipientActivity>()
  const activityOf = (n: number): RecipientActivity | undefined => {
    const item = found[n]
    if (!item) return undefined
    const id = keyId(ledgerKey((fresh[n] as (typeof fresh)[number]).recipient))
    const known = read.get(id) ?? RecipientActivitySchema.parse(item)
    read.set(id, known)
    return known
  }
  // Marker items only for recipients past SEEN_LIMIT or counted before `seen` (a second read, usually none).
  const byMarker = fresh.flatMap((_, n) => {
    const state = activityOf(n)
    return state && usesMarkers(state) ? [n] : []
  })
  const markers = new Set<number>()
  if (byMarker.length > 0) {
    const marked = await batchGet(
      byMarker.map((n) => {
        const { identity, recipient: r } = fresh[n] as (typeof fresh)[number]
        return eventMarkerKey(r.orgId, r.campaignId, r.shard, identity)
      }),
      { consistent: true },
    )
    byMarker.forEach((n, at) => {
      if (marked[at]) markers.add(n)
    })
  }
  const groups = new Map<string, RecipientEvents>()
  fresh.forEach(({ index, identity, recipient }, n) => {
    const state = activityOf(n)
    if (!state) results[index] = 'unknown_recipient'
    else if (markers.has(n) || state.seen?.has(seenId(identity))) results[index] = 'duplicate'
    else {
      const id = keyId(ledgerKey(recipient))
      let group = groups.get(id)
      if (!group) {
        group = { recipient, read: state, now: state, events: [], dedupe: { seen: [] } }
        groups.set(id, group)
      }
      const event = events[index] as EngagementEvent
      const change = decide(event, group.now)
      group.now = applied(group.now, change)
      group.events.push({
        index,
        identity,
        type: event.type,
        change,
        bucket: bucketOf(event.at, event.sentAt),
      })
    }
  })
  for (const group of groups.values())
    group.dedupe = dedupeFor(
      group.read,
      group.events.map((event) => event.identity),
    )
  return { events, now, results, chunks: chunksOf([...groups.values()], maxItems) }
}

/**
 * The groups a cancellation names (their marker or recipient failed); none when only the aggregates conflicted
 * (the next attempt puts them in another shard).
 */
function failedGroups(error: TransactionFailed, groups: RecipientEvents[]): Set<RecipientEvents> {
  const named = new Set(
    error.failures.flatMap((failure) => {
      const tag = /^report\.(?:marker|recipient)#(\d+)$/.exec(failure.name)?.[1]
      return tag === undefined ? [] : [groups[Number(tag)] as RecipientEvents]
    }),
  )
  return named
}

/** Transactions of one chunk before what is left of it is counted event by event. */
const CHUNK_ATTEMPTS = 3

/**
 * Commits one chunk in one transaction: its recipients (each on the report version read, with its new events'
 * `seen` ids or, past `SEEN_LIMIT`, their markers, each conditioned on not existing) and the summed aggregates. Cancelled — a concurrent writer counted one of its events or
 * changed one of its recipients since the read — nothing of it was written: the recipients the cancellation names
 * go to the exact per-event path (`recordEngagement`, which re-reads), and the others are committed again without
 * them (their reads still hold, and their conditions say so). Returns how many events were counted one by one.
 */
export async function commitChunk(plan: BatchPlan, chunk: Chunk): Promise<number> {
  let groups = chunk.perEvent ? [] : chunk.groups
  const oneByOne: RecipientEvents[] = chunk.perEvent ? [...chunk.groups] : []
  for (let attempt = 0; groups.length > 0; attempt++) {
    if (attempt >= CHUNK_ATTEMPTS) {
      oneByOne.push(...groups)
      break
    }
    try {
      await transact(chunkItems(groups, plan.now), { conflictRetries: 8 })
      for (const index of groups.flatMap(indexesOf)) plan.results[index] = 'counted'
      break
    } catch (error) {
      if (!(error instanceof TransactionFailed)) throw error
      const failed = failedGroups(error, groups)
      oneByOne.push(...failed)
      groups = groups.filter((group) => !failed.has(group))
    }
  }
  const indexes = oneByOne.flatMap(indexesOf)
  for (const index of indexes)
    plan.results[index] = await recordEngagement(plan.events[index] as EngagementEvent, plan.now)
  return indexes.length
}

/**
 * Counts a delivered batch of events (the events worker's SQS batch) exactly once each, in one BatchGet and one
 * transaction per campaign (one item per recipient, not per event) instead of a read and a transaction per
 * event. Retried after a crash between two
 * chunks, the committed chunks' markers make their events duplicates: nothing counts twice.
 */
export async function recordEngagements(events: EngagementEvent[], now = new Date()): Promise<BatchOutcome> {
  const plan = await planBatch(events, now)
  let fallbacks = 0
  for (const chunk of plan.chunks) fallbacks += await commitChunk(plan, chunk)
  return { results: plan.results as RecordResult[], fallbacks }
}
