/**
 * The importer's batch write creates new addresses many to a transaction (all or nothing) and falls back to one
 * contact a transaction when a group cannot be written as read: counts, trail and outcomes stay exact.
 */
import { getContact, suppress, upsertContacts } from '@app/core/audience/public'
import { describe, expect, it } from 'vitest'
import { allEmails, audienceOrg, createTopic, topicCounts } from './audience-helpers'

const email = (index: number) => `g${String(index).padStart(3, '0')}@example.com`

describe('importing new addresses in groups', () => {
  it('creates a batch of new addresses with exact counts, a trail each and suppression kept', async () => {
    const { user, orgId, q } = await audienceOrg()
    const topic = await createTopic(user, orgId, { name: 'Grouped' })
    const other = await createTopic(user, orgId, { name: 'Also' })
    // Suppressed before any contact exists: the import creates the contact but never subscribes it.
    await suppress(orgId, { email: email(7), reason: 'BOUNCED', source: 'bounce', detail: '5.1.1' })
    const rows = Array.from({ length: 130 }, (_, index) => ({
      email: email(index),
      firstName: `Ana ${index}`,
      attributes: { row: String(index) },
    }))
    const origin = { source: 'import' as const, importId: 'job-groups' }
    const results = await upsertContacts(orgId, rows, {
      existing: 'update',
      topicIds: [topic.id, other.id],
      origin,
      importId: 'job-groups',
    })
    expect(results.map((row) => row.outcome)).toEqual(rows.map(() => 'created'))
    expect(results.filter((row) => row.suppressed).map((row) => row.email)).toEqual([email(7)])
    // The suppressed address counts as unsubscribed from every topic.
    for (const id of [topic.id, other.id])
      expect(await topicCounts(user, orgId, id)).toEqual({
        subscribed: 129,
        unsubscribed: 1,
        pending: 0,
        total: 130,
      })
    expect(await allEmails(user, q)).toHaveLength(130)

    const last = results[129]?.contactId as string
    expect(await getContact(orgId, last)).toMatchObject({
      email: email(129),
      firstName: 'Ana 129',
      attributes: { row: '129' },
      source: { kind: 'import', importId: 'job-groups' },
      topics: { [topic.id]: 'OPT_IN', [other.id]: 'OPT_IN' },
    })
    const read = await user.api.get(`/api/contacts/${last}?${q}`)
    expect(read.body.trail).toHaveLength(1)
    expect(read.body.trail[0]).toMatchObject({ source: 'import', importId: 'job-groups' })
    const bounced = await user.api.get(`/api/contacts/${results[7]?.contactId}?${q}`)
    expect(bounced.body).toMatchObject({ suppressed: { reason: 'BOUNCED' } })
    expect(bounced.body.subscriptions.every((s: { status: string }) => s.status !== 'OPT_IN')).toBe(true)

    // A re-run (a replayed slice) finds them all and changes nothing.
    const again = await upsertContacts(orgId, rows, { existing: 'update', topicIds: [topic.id], origin })
    expect(again.every((row) => row.outcome === 'unchanged')).toBe(true)
    expect((await topicCounts(user, orgId, topic.id)).subscribed).toBe(129)
  }, 120_000)

  it('writes each address once when two batches race for the same new addresses', async () => {
    const { user, orgId, q } = await audienceOrg()
    const topic = await createTopic(user, orgId, { name: 'Raced' })
    const batch = (from: number, to: number, name: string) =>
      Array.from({ length: to - from }, (_, offset) => ({ email: email(from + offset), firstName: name }))
    const options = {
      existing: 'update' as const,
      topicIds: [topic.id],
      origin: { source: 'import' as const },
    }
    // Both read every address as new before either writes: groups of one of them find addresses claimed by the
    // other, are cancelled whole, and are written row by row (the rows nobody else claimed are created then).
    const [first, second] = await Promise.all([
      upsertContacts(orgId, batch(0, 60, 'First'), options),
      upsertContacts(orgId, batch(30, 90, 'Second'), options),
    ])
    const outcomes = new Map<string, string[]>()
    for (const row of [...first, ...second])
      outcomes.set(row.email, [...(outcomes.get(row.email) ?? []), row.outcome])
    for (let index = 0; index < 90; index++) {
      const seen = (outcomes.get(email(index)) ?? []).sort()
      expect(seen, email(index)).toEqual(index >= 30 && index < 60 ? ['created', 'updated'] : ['created'])
    }
    const emails = await allEmails(user, q)
    expect(new Set(emails).size).toBe(90)
    expect(emails).toHaveLength(90)
    expect(await topicCounts(user, orgId, topic.id)).toEqual({
      subscribed: 90,
      unsubscribed: 0,
      pending: 0,
      total: 90,
    })
  }, 120_000)
})
