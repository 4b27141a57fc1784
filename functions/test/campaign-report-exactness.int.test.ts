import { randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import { readAggregates } from '@app/core/campaigns/reports/aggregates.repo'
import {
  applyTransitions,
  initCounterItem,
  putPending,
  SHARDS,
  shardOf,
} from '@app/core/campaigns/sending/ledger.repo'
import { transact } from '@app/core/db/transact'
import { describe, expect, it } from 'vitest'
import {
  deliver,
  eventually,
  type ReportingOrg,
  reportingOrg,
  type SesRecord,
  signedEvent,
} from './campaign-report-helpers'

/**
 * SNS delivers at least once and in any order, and SES may publish an event again: the same events posted once in
 * order, and posted twice, shuffled and concurrently (half the copies redelivered as is, half republished under a
 * new SNS message id), must give the same counts — the ground truth.
 */
const ulidLike = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 24).toUpperCase()}`

/** A sent campaign's ledger of `count` recipients (seeded through the engine's repository), all SENT. */
async function sentLedger(orgId: string, contacts: { id: string; email: string }[]) {
  const campaignId = ulidLike('01')
  const now = new Date().toISOString()
  await putPending(orgId, campaignId, contacts, now)
  for (const shard of SHARDS) {
    const inShard = contacts.filter((contact) => shardOf(contact.id) === shard)
    await transact([initCounterItem(orgId, campaignId, shard, inShard.length)])
    if (inShard.length)
      await applyTransitions(
        orgId,
        campaignId,
        inShard.map((contact) => ({
          contactId: contact.id,
          from: 'PENDING' as const,
          to: 'SENT' as const,
          set: { messageId: `msg-${contact.id}` },
        })),
      )
  }
  return campaignId
}

const HUMAN = {
  userAgent: 'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
  ipAddress: '198.51.100.4',
}
const PROXY = { userAgent: 'Mozilla/5.0', ipAddress: '17.58.0.9' }

/** Each contact's events (times fixed), and the counts they must give. */
function scenario(contacts: { id: string; email: string }[]) {
  const sentAt = new Date(Date.now() - 3_600_000).toISOString()
  const at = (minutes: number) => new Date(Date.parse(sentAt) + minutes * 60_000).toISOString()
  const events: Omit<SesRecord, 'campaignId'>[] = []
  const add = (contact: { id: string; email: string }, eventType: string, body: Record<string, unknown>) =>
    events.push({
      eventType,
      messageId: `msg-${contact.id}`,
      sentAt,
      recipient: contact.email,
      contactId: contact.id,
      body,
    })
  contacts.forEach((contact, n) => {
    add(contact, 'Send', { send: {} })
    if (n % 7 === 6) {
      add(contact, 'Bounce', {
        bounce: { bounceType: 'Permanent', bounceSubType: 'NoEmail', timestamp: at(1) },
      })
      return
    }
    add(contact, 'Delivery', { delivery: { timestamp: at(1), recipients: [contact.email] } })
    // An asynchronous bounce after the delivery: the recipient counts as bounced, not delivered.
    if (n % 7 === 5)
      add(contact, 'Bounce', {
        bounce: { bounceType: 'Permanent', bounceSubType: 'General', timestamp: at(30) },
      })
    if (n % 5 === 0) add(contact, 'Open', { open: { timestamp: at(2), ...PROXY } })
    if (n % 3 === 0) {
      add(contact, 'Open', { open: { timestamp: at(10), ...HUMAN } })
      add(contact, 'Open', { open: { timestamp: at(70), ...HUMAN } })
    }
    if (n % 4 === 0) {
      add(contact, 'Click', { click: { timestamp: at(11), link: 'https://acme.example/a' } })
      add(contact, 'Click', { click: { timestamp: at(12), link: 'https://acme.example/a' } })
      add(contact, 'Click', { click: { timestamp: at(13), link: 'https://acme.example/b' } })
    }
    if (n === 2)
      add(contact, 'Complaint', { complaint: { timestamp: at(50), complaintFeedbackType: 'abuse' } })
    if (n === 4)
      add(contact, 'DeliveryDelay', { deliveryDelay: { timestamp: at(1), delayType: 'MailboxFull' } })
  })
  const indexes = contacts.map((_, n) => n)
  const delivered = indexes.filter((n) => n % 7 !== 6 && n % 7 !== 5)
  const live = indexes.filter((n) => n % 7 !== 6)
  const opensHuman = live.filter((n) => n % 3 === 0 || n % 4 === 0)
  const expected = {
    delivered: delivered.length,
    hardBounces: indexes.filter((n) => n % 7 >= 5).length,
    opens: live.filter((n) => n % 5 === 0).length + 2 * live.filter((n) => n % 3 === 0).length,
    machineOpens: live.filter((n) => n % 5 === 0).length,
    uniqueOpens: live.filter((n) => n % 5 === 0 || n % 3 === 0 || n % 4 === 0).length,
    uniqueHumanOpens: opensHuman.length,
    clicks: 3 * live.filter((n) => n % 4 === 0).length,
    uniqueClicks: live.filter((n) => n % 4 === 0).length,
    complaints: 1,
    deliveryDelays: 1,
    softBounces: 0,
    // Recipients with a bounce of either kind (no soft bounces here).
    bounced: indexes.filter((n) => n % 7 >= 5).length,
    unsubscribes: 0,
    rejected: 0,
    renderingFailures: 0,
  }
  return { events, expected }
}

function shuffle<T>(items: T[], seed: number): T[] {
  const copy = [...items]
  let state = seed
  for (let index = copy.length - 1; index > 0; index--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    const other = state % (index + 1)
    ;[copy[index], copy[other]] = [copy[other] as T, copy[index] as T]
  }
  return copy
}

async function inParallel<T>(items: T[], width: number, run: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await run(items[next++] as T)
    }),
  )
}

const summary = async (org: ReportingOrg, campaignId: string) => {
  const aggregates = await readAggregates(org.orgId, campaignId)
  return {
    counters: aggregates.counters,
    links: Object.fromEntries(
      [...aggregates.links.values()].map((link) => [link.url, [link.unique, link.total]]),
    ),
    bounces: Object.fromEntries(aggregates.bounces),
    buckets: Object.fromEntries(aggregates.buckets),
  }
}

describe('counting is exact under duplicated and reordered events', () => {
  it('the same events once in order, and twice shuffled and concurrent, give the ground truth', async () => {
    const org = await reportingOrg()
    const contacts = Array.from({ length: 24 }, (_, n) => {
      const id = ulidLike('01')
      return { id, email: `r${n}-${id.toLowerCase()}@example.com` }
    })
    const { events, expected } = scenario(contacts)
    const inOrder = await sentLedger(org.orgId, contacts)
    const shuffled = await sentLedger(org.orgId, contacts)

    for (const event of events) await deliver(await signedEvent(org, { ...event, campaignId: inOrder }))

    const copies: string[] = []
    for (const [n, event] of events.entries()) {
      const record = { ...event, campaignId: shuffled }
      const snsMessageId = randomUUID()
      const signed = await signedEvent(org, record, snsMessageId)
      // Half redelivered as is (SNS), half republished under a new SNS message id (SES).
      copies.push(signed, n % 2 === 0 ? signed : await signedEvent(org, record))
    }
    await inParallel(shuffle(copies, 7), 6, deliver)

    // The events worker counts the queued events in SQS batches: wait for it, then for nothing more to change.
    const settled = async (campaignId: string) => {
      await eventually(
        () => summary(org, campaignId),
        (read) => isDeepStrictEqual(read.counters, expected),
        'the events to be counted',
      )
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      return summary(org, campaignId)
    }
    const [once, twice] = await Promise.all([settled(inOrder), settled(shuffled)])
    expect(once.counters).toEqual(expected)
    expect(twice).toEqual(once)
    const clickers = expected.uniqueClicks
    expect(once.links).toEqual({
      'https://acme.example/a': [clickers, 2 * clickers],
      'https://acme.example/b': [clickers, clickers],
    })
    expect(once.bounces).toEqual({ 'Permanent/General': 3, 'Permanent/NoEmail': 3 })
  }, 240_000)

  it('an unsubscribe counts once per recipient however often the outbox delivers it', async () => {
    const org = await reportingOrg()
    const contact = { id: ulidLike('01'), email: `u-${randomUUID()}@example.com` }
    const campaignId = await sentLedger(org.orgId, [contact])
    const { recordEngagement } = await import('@app/core/campaigns/reports/record.repo')
    const event = {
      orgId: org.orgId,
      campaignId,
      contactId: contact.id,
      type: 'UNSUBSCRIBE' as const,
      sesMessageId: '',
      at: new Date().toISOString(),
      sentAt: new Date().toISOString(),
    }
    expect(await recordEngagement(event)).toBe('counted')
    expect(await recordEngagement(event)).toBe('duplicate')
    expect(await recordEngagement({ ...event, at: new Date(Date.now() + 1000).toISOString() })).toBe(
      'duplicate',
    )
    const read = await eventually(
      () => readAggregates(org.orgId, campaignId),
      (value) => value.counters.unsubscribes > 0,
      'the unsubscribe',
    )
    expect(read.counters.unsubscribes).toBe(1)
    // A recipient not in the ledger counts nothing.
    expect(await recordEngagement({ ...event, contactId: ulidLike('01') })).toBe('unknown_recipient')
  }, 120_000)
})
