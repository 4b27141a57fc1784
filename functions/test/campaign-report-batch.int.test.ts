/**
 * The events worker counts a whole SQS batch at once (`record-batch.repo.ts`): one BatchGet, one transaction per
 * campaign. Its counts must equal the per-event ground truth under copies (inside a batch and across batches),
 * reordering, a concurrent writer cancelling its transaction, and a crash between two of its transactions.
 */
import { randomUUID } from 'node:crypto'
import { dynamo } from '@app/core/aws'
import { readAggregates } from '@app/core/campaigns/reports/aggregates.repo'
import { type EngagementEvent, eventIdentity } from '@app/core/campaigns/reports/model'
import { recordEngagement } from '@app/core/campaigns/reports/record.repo'
import { commitChunk, planBatch, recordEngagements } from '@app/core/campaigns/reports/record-batch.repo'
import { markerItem, recipientUpdate, SEEN_LIMIT } from '@app/core/campaigns/reports/record-items'
import { initCounterItem, putPending, SHARDS, shardOf } from '@app/core/campaigns/sending/ledger.repo'
import { recipientKey } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { transact } from '@app/core/db/transact'
import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import './stack'

const id = () => `01${randomUUID().replace(/-/g, '').slice(0, 24).toUpperCase()}`
const HUMAN = {
  userAgent: 'Mozilla/5.0 (iPhone) Version/17.0 Mobile Safari/604.1',
  ipAddress: '198.51.100.9',
}
const PROXY = { userAgent: 'Mozilla/5.0', ipAddress: '17.58.0.1' }

/** A campaign's ledger of `count` recipients, as the engine writes it. */
async function campaignOf(count: number) {
  const orgId = id()
  const campaignId = id()
  const contacts = Array.from({ length: count }, (_, n) => ({ id: id(), email: `r${n}@example.com` }))
  await putPending(orgId, campaignId, contacts, new Date().toISOString())
  for (const shard of SHARDS)
    await transact([
      initCounterItem(orgId, campaignId, shard, contacts.filter((c) => shardOf(c.id) === shard).length),
    ])
  const sentAt = new Date(Date.now() - 3_600_000).toISOString()
  const at = (minutes: number) => new Date(Date.parse(sentAt) + minutes * 60_000).toISOString()
  const event = (
    contact: { id: string },
    type: EngagementEvent['type'],
    minutes: number,
    extra: Partial<EngagementEvent> = {},
  ): EngagementEvent => ({
    orgId,
    campaignId,
    contactId: contact.id,
    type,
    sesMessageId: `msg-${contact.id}`,
    at: at(minutes),
    sentAt,
    ...extra,
  })
  return { orgId, campaignId, contacts, event }
}

type Contact = { id: string; email: string }
type Campaign = Awaited<ReturnType<typeof campaignOf>>

/**
 * Each recipient's events, some arriving before what they follow (an open before its delivery, a click before any
 * open, a hard bounce after the delivery), with the counts they must give.
 */
function engagement(campaign: Campaign) {
  const { contacts, event } = campaign
  const events: EngagementEvent[] = []
  contacts.forEach((contact, n) => {
    if (n % 3 === 0) events.push(event(contact, 'OPEN', 4, { open: HUMAN }))
    events.push(event(contact, 'DELIVERY', 1))
    if (n % 4 === 0) events.push(event(contact, 'OPEN', 2, { open: PROXY }))
    if (n % 5 === 0) {
      events.push(event(contact, 'CLICK', 9, { click: { link: 'https://acme.example/b' } }))
      events.push(event(contact, 'CLICK', 6, { click: { link: 'https://acme.example/a' } }))
    }
    if (n % 7 === 6)
      events.push(event(contact, 'BOUNCE', 30, { bounce: { type: 'Permanent', subType: 'General' } }))
  })
  const all = contacts.map((_, n) => n)
  const openers = all.filter((n) => n % 3 === 0 || n % 4 === 0 || n % 5 === 0)
  const humans = all.filter((n) => n % 3 === 0 || n % 5 === 0)
  return {
    events,
    expected: {
      delivered: all.filter((n) => n % 7 !== 6).length,
      opens: all.filter((n) => n % 3 === 0).length + all.filter((n) => n % 4 === 0).length,
      machineOpens: all.filter((n) => n % 4 === 0).length,
      uniqueOpens: openers.length,
      uniqueHumanOpens: humans.length,
      clicks: 2 * all.filter((n) => n % 5 === 0).length,
      uniqueClicks: all.filter((n) => n % 5 === 0).length,
      hardBounces: all.filter((n) => n % 7 === 6).length,
      softBounces: 0,
      bounced: all.filter((n) => n % 7 === 6).length,
      complaints: 0,
      unsubscribes: 0,
      rejected: 0,
      deliveryDelays: 0,
      renderingFailures: 0,
    },
  }
}

function shuffled<T>(items: T[], seed: number): T[] {
  const copy = [...items]
  let state = seed
  for (let index = copy.length - 1; index > 0; index--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    const other = state % (index + 1)
    ;[copy[index], copy[other]] = [copy[other] as T, copy[index] as T]
  }
  return copy
}

const batchesOf = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, n) => items.slice(n * size, (n + 1) * size))

async function counts(campaign: Campaign) {
  const read = await readAggregates(campaign.orgId, campaign.campaignId)
  return {
    counters: read.counters,
    links: Object.fromEntries([...read.links.values()].map((link) => [link.url, [link.unique, link.total]])),
    buckets: Object.fromEntries(read.buckets),
  }
}

function tally(results: string[]) {
  const sums: Record<string, number> = {}
  for (const result of results) sums[result] = (sums[result] ?? 0) + 1
  return sums
}

describe('counting SES events a batch at a time', () => {
  it('copies inside a batch and across batches, shuffled and concurrent, count once: the per-event truth', async () => {
    const [perEvent, batched] = await Promise.all([campaignOf(30), campaignOf(30)])
    const truth = engagement(perEvent)
    for (const event of truth.events) expect(await recordEngagement(event)).toBe('counted')

    const { events, expected } = engagement(batched)
    // Every event twice, plus a copy of every third next to itself (a copy inside one batch), shuffled.
    const copies = shuffled([...events, ...events, ...events.filter((_, n) => n % 3 === 0)], 11)
    const results: string[] = []
    await Promise.all(
      batchesOf(batchesOf(copies, 10), Math.ceil(copies.length / 40)).map(async (lane) => {
        for (const batch of lane) results.push(...(await recordEngagements(batch)).results)
      }),
    )
    expect(tally(results)).toEqual({ counted: events.length, duplicate: copies.length - events.length })
    const [once, twice] = await Promise.all([counts(perEvent), counts(batched)])
    expect(once.counters).toEqual(expected)
    expect(twice.counters).toEqual(expected)
    expect(twice.links).toEqual(once.links)
    expect(twice.buckets).toEqual(once.buckets)
  }, 120_000)

  it("a recipient's events in one batch are decided in order, whatever order they came in", async () => {
    const campaign = await campaignOf(1)
    const contact = campaign.contacts[0] as { id: string }
    const { event } = campaign
    const outcome = await recordEngagements([
      event(contact, 'CLICK', 8, { click: { link: 'https://acme.example/a' } }),
      event(contact, 'OPEN', 3, { open: PROXY }),
      event(contact, 'OPEN', 5, { open: HUMAN }),
      event(contact, 'CLICK', 7, { click: { link: 'https://acme.example/a' } }),
      event(contact, 'BOUNCE', 20, { bounce: { type: 'Permanent', subType: 'General' } }),
      event(contact, 'DELIVERY', 1),
      event(contact, 'OPEN', 3, { open: PROXY }),
    ])
    expect(outcome.results).toEqual([...Array(6).fill('counted'), 'duplicate'])
    const read = await counts(campaign)
    expect(read.counters).toMatchObject({
      delivered: 0,
      hardBounces: 1,
      bounced: 1,
      opens: 2,
      machineOpens: 1,
      uniqueOpens: 1,
      uniqueHumanOpens: 1,
      clicks: 2,
      uniqueClicks: 1,
    })
    expect(read.links).toEqual({ 'https://acme.example/a': [1, 2] })
  }, 60_000)

  it('a transaction cancelled by a concurrent writer falls back to the per-event path, counting exactly', async () => {
    const campaign = await campaignOf(4)
    const [a, b, c, d] = campaign.contacts as [Contact, Contact, Contact, Contact]
    const { event } = campaign
    const batch = [
      event(a, 'DELIVERY', 1),
      event(a, 'OPEN', 4, { open: HUMAN }),
      event(b, 'DELIVERY', 1),
      event(c, 'CLICK', 6, { click: { link: 'https://acme.example/a' } }),
      event(d, 'DELIVERY', 1),
    ]
    const plan = await planBatch(batch)
    expect(plan.chunks).toHaveLength(1)
    // Between the batch's reads and its transaction: another invocation counts one of its events (a copy SQS
    // delivered twice), and another event of c (not in this batch) changes c's report version.
    expect(await recordEngagement(batch[2] as EngagementEvent)).toBe('counted')
    expect(await recordEngagement(event(c, 'OPEN', 5, { open: HUMAN }))).toBe('counted')

    // b's and c's events go the per-event way; a's and d's are committed again as a transaction without them.
    expect(await commitChunk(plan, plan.chunks[0] as (typeof plan.chunks)[number])).toBe(2)
    expect(plan.results).toEqual(['counted', 'counted', 'duplicate', 'counted', 'counted'])
    const read = await counts(campaign)
    expect(read.counters).toMatchObject({
      delivered: 3,
      opens: 2,
      uniqueOpens: 2,
      uniqueHumanOpens: 2,
      clicks: 1,
      uniqueClicks: 1,
    })
    expect(read.links).toEqual({ 'https://acme.example/a': [1, 1] })
  }, 60_000)

  it('a batch retried after a crash between its transactions counts nothing twice', async () => {
    const campaign = await campaignOf(24)
    const { events, expected } = engagement(campaign)
    // Small transactions, so the batch takes several; the first two commit, then the invocation dies.
    const plan = await planBatch(events, new Date(), 6)
    expect(plan.chunks.length).toBeGreaterThan(3)
    const [first, second] = plan.chunks as [(typeof plan.chunks)[number], (typeof plan.chunks)[number]]
    await commitChunk(plan, first)
    await commitChunk(plan, second)
    const committed = first.indexes.length + second.indexes.length

    // SQS delivers the batch again, to an invocation with DynamoDB's 100-item transactions.
    const retried = await recordEngagements(events)
    expect(tally(retried.results)).toEqual({ counted: events.length - committed, duplicate: committed })
    expect(retried.fallbacks).toBe(0)
    expect((await counts(campaign)).counters).toEqual(expected)
    // And once more as a whole: all duplicates, nothing changes.
    expect(tally((await recordEngagements(events)).results)).toEqual({ duplicate: events.length })
    expect((await counts(campaign)).counters).toEqual(expected)
  }, 60_000)

  it('a recipient not in the ledger counts nothing, and the rest of its batch still counts', async () => {
    const campaign = await campaignOf(2)
    const a = campaign.contacts[0] as { id: string }
    const outcome = await recordEngagements([
      campaign.event(a, 'DELIVERY', 1),
      campaign.event({ id: id() }, 'DELIVERY', 1),
    ])
    expect(outcome.results).toEqual(['counted', 'unknown_recipient'])
    expect((await counts(campaign)).counters.delivered).toBe(1)
  }, 60_000)

  it('a recipient past SEEN_LIMIT events switches to marker items and still counts each event once', async () => {
    const campaign = await campaignOf(1)
    const contact = campaign.contacts[0] as Contact
    const opens = Array.from({ length: SEEN_LIMIT + 25 }, (_, n) =>
      campaign.event(contact, 'OPEN', 2 + n / 100, { open: PROXY }),
    )
    const batches = (events: EngagementEvent[]) =>
      Array.from({ length: Math.ceil(events.length / 10) }, (_, n) => events.slice(n * 10, n * 10 + 10))
    for (const batch of batches(opens)) await recordEngagements(batch)
    const { Item } = await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: recipientKey(campaign.orgId, campaign.campaignId, shardOf(contact.id), contact.id),
      }),
    )
    expect(Item?.markers).toBe(true)
    expect((Item?.seen as Set<string> | undefined)?.size).toBeLessThanOrEqual(SEEN_LIMIT)
    // Every copy again — those counted by `seen` ids and those counted by markers — in mixed batches.
    const again = await Promise.all(batches(shuffled(opens, 7)).map((batch) => recordEngagements(batch)))
    expect(tally(again.flatMap((outcome) => outcome.results))).toEqual({ duplicate: opens.length })
    expect(await recordEngagement(opens[SEEN_LIMIT + 20] as EngagementEvent)).toBe('duplicate')
    expect(await recordEngagement(opens[3] as EngagementEvent)).toBe('duplicate')
    const read = await counts(campaign)
    expect(read.counters).toMatchObject({ opens: opens.length, machineOpens: opens.length, uniqueOpens: 1 })
  }, 60_000)

  it('a recipient counted before `seen` ids existed keeps deduplicating by its markers', async () => {
    const campaign = await campaignOf(1)
    const contact = campaign.contacts[0] as Contact
    const delivery = campaign.event(contact, 'DELIVERY', 1)
    const recipient = { ...campaign, shard: shardOf(contact.id), contactId: contact.id }
    // As the earlier code wrote it: a marker for the event and the recipient's report version, no `seen`.
    await transact([
      markerItem(recipient, eventIdentity(delivery), 'DELIVERY', new Date()),
      recipientUpdate(recipient, {}, { set: { deliveredAt: delivery.at }, add: {}, links: [] }, { seen: [] }),
    ])
    const open = campaign.event(contact, 'OPEN', 3, { open: HUMAN })
    expect((await recordEngagements([delivery, open])).results).toEqual(['duplicate', 'counted'])
    expect(await recordEngagement(delivery)).toBe('duplicate')
    expect(await recordEngagement(open)).toBe('duplicate')
    expect((await counts(campaign)).counters).toMatchObject({ delivered: 0, opens: 1, uniqueOpens: 1 })
  }, 60_000)
})
