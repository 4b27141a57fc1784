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
  emptySums,
  markerItem,
  type Recipient,
  recipientUpdate,
  type Sums,
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
}

/** One transaction of a batch: new events of one campaign, their recipients and the aggregates they add. */
export interface Chunk {
  indexes: number[]
  /** Empty when the events cannot share one transaction (a recipient with too many): counted one by one. */
  items: NamedItem[]
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
  /** Chunks whose transaction was cancelled (a concurrent writer won) and that were counted event by event. */
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

/** The recipient's markers and its one update: its events' changes merged (later decisions saw earlier ones). */
function recipientItems(group: RecipientEvents, now: Date): NamedItem[] {
  const set: Record<string, unknown> = {}
  const add: Record<string, number> = {}
  const links: string[] = []
  for (const { change } of group.events) {
    Object.assign(set, change.set)
    for (const [field, by] of Object.entries(change.add)) add[field] = (add[field] ?? 0) + by
    if (change.addLink) links.push(change.addLink)
  }
  return [
    ...group.events.map((event) => markerItem(group.recipient, event.identity, event.type, now)),
    recipientUpdate(group.recipient, group.read, { set, add, links }),
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

/** Each campaign's recipients in chunks that fit one transaction with their aggregates. */
function chunksOf(groups: RecipientEvents[], now: Date, maxItems: number): Chunk[] {
  const byCampaign = new Map<string, RecipientEvents[]>()
  for (const group of groups) {
    const campaign = `${group.recipient.orgId}#${group.recipient.campaignId}`
    byCampaign.set(campaign, [...(byCampaign.get(campaign) ?? []), group])
  }
  const chunks: Chunk[] = []
  const close = (members: RecipientEvents[], sums: Sums) => {
    const first = members[0]
    if (!first) return
    chunks.push({
      indexes: members.flatMap((group) => group.events.map((event) => event.index)),
      items: [
        ...members.flatMap((group) => recipientItems(group, now)),
        ...aggregateItems(first.recipient, sums, pick(SHARDS), pick(SUBSHARDS)),
      ],
    })
  }
  for (const campaignGroups of byCampaign.values()) {
    let members: RecipientEvents[] = []
    let sums = emptySums()
    let own = 0
    for (const group of campaignGroups) {
      const size = group.events.length + 1
      if (size + aggregateCount(withEvents(emptySums(), group)) > maxItems) {
        chunks.push({ indexes: group.events.map((event) => event.index), items: [] })
        continue
      }
      const joined = withEvents(sums, group)
      if (own + size + aggregateCount(joined) > maxItems) {
        close(members, sums)
        members = [group]
        sums = withEvents(emptySums(), group)
        own = size
      } else {
        members.push(group)
        sums = joined
        own += size
      }
    }
    close(members, sums)
  }
  return chunks
}

/**
 * Reads what a batch of events needs in one consistent BatchGet (each new event's marker and recipient) and
 * decides every event: a copy within the batch or one whose marker exists is a duplicate, one whose recipient is
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
    fresh.flatMap(({ identity, recipient: r }) => [
      eventMarkerKey(r.orgId, r.campaignId, r.shard, identity),
      ledgerKey(r),
    ]),
    { consistent: true },
  )
  const groups = new Map<string, RecipientEvents>()
  fresh.forEach(({ index, identity, recipient }, n) => {
    const item = found[2 * n + 1]
    if (found[2 * n]) results[index] = 'duplicate'
    else if (!item) results[index] = 'unknown_recipient'
    else {
      const id = keyId(ledgerKey(recipient))
      let group = groups.get(id)
      if (!group) {
        const read = RecipientActivitySchema.parse(item)
        group = { recipient, read, now: read, events: [] }
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
  return { events, now, results, chunks: chunksOf([...groups.values()], now, maxItems) }
}

/**
 * Commits one chunk in one transaction: its markers (each conditioned on not existing), its recipients (each on
 * the report version read) and the summed aggregates. Cancelled — a concurrent writer counted one of its events or
 * changed one of its recipients — nothing of it was written, so its events are counted again one by one by the
 * exact per-event path, which re-reads. Returns whether it fell back.
 */
export async function commitChunk(plan: BatchPlan, chunk: Chunk): Promise<boolean> {
  if (chunk.items.length > 0)
    try {
      await transact(chunk.items, { conflictRetries: 8 })
      for (const index of chunk.indexes) plan.results[index] = 'counted'
      return false
    } catch (error) {
      if (!(error instanceof TransactionFailed)) throw error
    }
  for (const index of chunk.indexes)
    plan.results[index] = await recordEngagement(plan.events[index] as EngagementEvent, plan.now)
  return true
}

/**
 * Counts a delivered batch of events (the events worker's SQS batch) exactly once each, in one BatchGet and one
 * transaction per campaign instead of a read and a transaction per event. Retried after a crash between two
 * chunks, the committed chunks' markers make their events duplicates: nothing counts twice.
 */
export async function recordEngagements(events: EngagementEvent[], now = new Date()): Promise<BatchOutcome> {
  const plan = await planBatch(events, now)
  let fallbacks = 0
  for (const chunk of plan.chunks) if (await commitChunk(plan, chunk)) fallbacks++
  return { results: plan.results as RecordResult[], fallbacks }
}
