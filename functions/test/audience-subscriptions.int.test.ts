import {
  changeSubscriptions,
  ensureContact,
  getContact,
  suppress,
  suppressionOf,
  upsertContacts,
} from '@app/core/audience/public'
import { describe, expect, it } from 'vitest'
import { allEmails, audienceOrg, createContact, createTopic, topicCounts } from './audience-helpers'

type Status = 'OPT_IN' | 'OPT_OUT' | 'PENDING' | null

describe('subscriptions: the one writer', () => {
  it('keeps topic counts exact under concurrent subscribe and unsubscribe', async () => {
    const { user, orgId, q } = await audienceOrg()
    const byDefault = await createTopic(user, orgId, {
      name: 'In by default',
      defaultSubscriptionStatus: 'OPT_IN',
    })
    const optIn = await createTopic(user, orgId, { name: 'Opt-in' })
    const ids: string[] = []
    await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        ids[index] = (await createContact(user, orgId, { email: `load${index}@example.com` })).id
      }),
    )
    const statuses: Status[] = ['OPT_IN', 'OPT_OUT', 'PENDING', null]
    // 200 changes at once, many on the same contacts, from the API and from core (as imports and pages do).
    await Promise.all(
      Array.from({ length: 200 }, async (_, index) => {
        const id = ids[index % ids.length] as string
        const status = statuses[(index * 7) % statuses.length] as Status
        const topic = index % 2 === 0 ? byDefault.id : optIn.id
        if (index % 5 === 0) {
          const response = await user.api.patch(`/api/contacts/${id}?${q}`, {
            topicPreferences: [{ topicId: topic, status: status === 'PENDING' ? 'OPT_OUT' : status }],
            ...(index % 10 === 0 ? { unsubscribeAll: index % 20 === 0 } : {}),
          })
          expect(response.status, JSON.stringify(response.body)).toBe(200)
        } else {
          await changeSubscriptions(orgId, id, { topics: { [topic]: status } }, { source: 'api' })
        }
      }),
    )
    const contacts = await Promise.all(ids.map((id) => getContact(orgId, id)))
    for (const topic of [byDefault, optIn]) {
      const effective = contacts.map((contact) => {
        if (!contact) throw new Error('contact missing')
        if (contact.unsubscribeAll || contact.suppressed) return 'OPT_OUT'
        return contact.topics[topic.id] ?? topic.defaultSubscriptionStatus
      })
      const subscribed = effective.filter((status) => status === 'OPT_IN').length
      const pending = effective.filter((status) => status === 'PENDING').length
      expect(await topicCounts(user, orgId, topic.id)).toEqual({
        subscribed,
        unsubscribed: 12 - subscribed - pending,
        pending,
        total: 12,
      })
      // The filters agree with the counts.
      expect(await allEmails(user, `${q}&topicId=${topic.id}&optIn=true&optInByDefault=true`)).toHaveLength(
        subscribed,
      )
      expect(await allEmails(user, `${q}&topicId=${topic.id}&pending=true`)).toHaveLength(pending)
    }
  }, 300_000)

  it('never re-subscribes a bounced address but by the person, even after deletion and re-import', async () => {
    const { user, orgId, q } = await audienceOrg()
    const topic = await createTopic(user, orgId, { name: 'News', defaultSubscriptionStatus: 'OPT_IN' })
    const contact = await createContact(user, orgId, {
      email: 'bounced@example.com',
      topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' }],
    })
    expect((await topicCounts(user, orgId, topic.id)).subscribed).toBe(1)
    expect(
      await suppress(orgId, {
        email: 'bounced@example.com',
        reason: 'BOUNCED',
        source: 'bounce',
        detail: '5.1.1',
      }),
    ).toEqual({
      contactId: contact.id,
      changed: true,
    })
    expect(
      (await suppress(orgId, { email: 'bounced@example.com', reason: 'COMPLAINED', source: 'complaint' }))
        .changed,
    ).toBe(false)
    expect(await topicCounts(user, orgId, topic.id)).toEqual({
      subscribed: 0,
      unsubscribed: 1,
      pending: 0,
      total: 1,
    })
    const read = await user.api.get(`/api/contacts/${contact.id}?${q}`)
    expect(read.body).toMatchObject({ suppressed: { reason: 'BOUNCED' }, unsubscribeAll: false })
    expect(read.body.subscriptions[0]).toMatchObject({ status: 'OPT_OUT', explicit: true })
    expect(read.body.suppression.all).toMatchObject({ reason: 'BOUNCED', source: 'bounce', detail: '5.1.1' })
    expect(read.body.trail[0]).toMatchObject({ source: 'bounce', suppression: { from: null, to: 'BOUNCED' } })

    const resubscribe = await user.api.patch(`/api/contacts/${contact.id}?${q}`, {
      topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' }],
    })
    expect(resubscribe.status).toBe(409)
    expect(resubscribe.body.error.code).toBe('contact.suppressed')

    expect((await user.api.delete(`/api/contacts/${contact.id}?${q}`)).status).toBe(204)
    expect((await suppressionOf(orgId, 'bounced@example.com'))?.all?.reason).toBe('BOUNCED')
    const again = await user.api.post(`/api/contacts?${q}`, {
      email: 'bounced@example.com',
      topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' }],
    })
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('contact.suppressed')
    const imported = await upsertContacts(orgId, [{ email: 'bounced@example.com', firstName: 'B' }], {
      existing: 'overwrite',
      topicIds: [topic.id],
      origin: { source: 'import', importId: 'imp1' },
      importId: 'imp1',
    })
    expect(imported).toEqual([expect.objectContaining({ outcome: 'created', suppressed: true })])
    const recreated = await getContact(orgId, imported[0]?.contactId as string)
    expect(recreated).toMatchObject({
      suppressed: { reason: 'BOUNCED' },
      topics: {},
      source: { kind: 'import', importId: 'imp1' },
    })
    expect(await topicCounts(user, orgId, topic.id)).toEqual({
      subscribed: 0,
      unsubscribed: 1,
      pending: 0,
      total: 1,
    })

    // The person, from the preference page, can.
    const lifted = await changeSubscriptions(
      orgId,
      recreated?.id as string,
      { topics: { [topic.id]: 'OPT_IN' } },
      { source: 'preference-page', ip: '203.0.113.9' },
    )
    expect(lifted.contact).toMatchObject({ suppressed: null, topics: { [topic.id]: 'OPT_IN' } })
    expect((await suppressionOf(orgId, 'bounced@example.com'))?.all).toBeNull()
    expect((await topicCounts(user, orgId, topic.id)).subscribed).toBe(1)
  })

  it('keeps what the person left: a topic and unsubscribe-all, across deletion and imports', async () => {
    const { user, orgId, q } = await audienceOrg()
    const news = await createTopic(user, orgId, { name: 'News', defaultSubscriptionStatus: 'OPT_IN' })
    const offers = await createTopic(user, orgId, { name: 'Offers' })
    const contact = await createContact(user, orgId, {
      email: 'left@example.com',
      topicPreferences: [{ topicId: offers.id, status: 'OPT_IN' }],
    })
    await changeSubscriptions(
      orgId,
      contact.id,
      { topics: { [offers.id]: 'OPT_OUT' } },
      { source: 'one-click', campaignId: 'c1' },
    )
    for (const body of [{ topicPreferences: [{ topicId: offers.id, status: 'OPT_IN' }] }]) {
      const refused = await user.api.patch(`/api/contacts/${contact.id}?${q}`, body)
      expect(refused.body.error.code).toBe('contact.suppressed')
    }
    // Another topic is fine.
    expect(
      (
        await user.api.patch(`/api/contacts/${contact.id}?${q}`, {
          topicPreferences: [{ topicId: news.id, status: 'OPT_IN' }],
        })
      ).status,
    ).toBe(200)
    await user.api.delete(`/api/contacts/${contact.id}?${q}`)
    const [row] = await upsertContacts(orgId, [{ email: 'left@example.com' }], {
      existing: 'overwrite',
      topicIds: [offers.id, news.id],
      origin: { source: 'import' },
    })
    const back = await getContact(orgId, row?.contactId as string)
    expect(back?.topics).toEqual({ [offers.id]: 'OPT_OUT', [news.id]: 'OPT_IN' })
    expect(row?.suppressed).toBe(true)

    await changeSubscriptions(
      orgId,
      back?.id as string,
      { unsubscribeAll: true },
      { source: 'unsubscribe-page' },
    )
    const refusedAll = await user.api.patch(`/api/contacts/${back?.id}?${q}`, { unsubscribeAll: false })
    expect(refusedAll.status).toBe(409)
    const detail = (await user.api.get(`/api/contacts/${back?.id}?${q}`)).body
    expect(detail).toMatchObject({ unsubscribeAll: true, suppressed: { reason: 'UNSUBSCRIBED' } })
    expect(detail.subscriptions.every((s: { status: string }) => s.status === 'OPT_OUT')).toBe(true)
    expect(detail.trail[0]).toMatchObject({
      source: 'unsubscribe-page',
      unsubscribeAll: { from: false, to: true },
    })
    expect(await topicCounts(user, orgId, news.id)).toEqual({
      subscribed: 0,
      unsubscribed: 1,
      pending: 0,
      total: 1,
    })
  })

  it('keeps a double opt-in signup pending, never counted subscribed, until the person confirms', async () => {
    const { user, orgId, q } = await audienceOrg()
    const beta = await createTopic(user, orgId, { name: 'Beta', doubleOptIn: true })
    const signup = await ensureContact(
      orgId,
      { email: 'new@example.com', firstName: 'New', source: { kind: 'signup' } },
      { source: 'signup' },
    )
    expect(
      await ensureContact(
        orgId,
        { email: 'new@example.com', source: { kind: 'signup' } },
        { source: 'signup' },
      ),
    ).toMatchObject({ id: signup.id })
    await changeSubscriptions(
      orgId,
      signup.id,
      { topics: { [beta.id]: 'PENDING' } },
      { source: 'signup', ip: '198.51.100.1' },
    )
    expect(await topicCounts(user, orgId, beta.id)).toEqual({
      subscribed: 0,
      unsubscribed: 0,
      pending: 1,
      total: 1,
    })
    expect(await allEmails(user, `${q}&topicId=${beta.id}&optIn=true`)).toEqual([])
    expect(await allEmails(user, `${q}&topicId=${beta.id}&pending=true`)).toEqual(['new@example.com'])
    const confirmed = await changeSubscriptions(
      orgId,
      signup.id,
      { topics: { [beta.id]: 'OPT_IN' } },
      { source: 'signup-confirmation' },
    )
    expect(confirmed.contact.topics[beta.id]).toBe('OPT_IN')
    expect(await topicCounts(user, orgId, beta.id)).toEqual({
      subscribed: 1,
      unsubscribed: 0,
      pending: 0,
      total: 1,
    })
    const trail = (await user.api.get(`/api/contacts/${signup.id}?${q}`)).body.trail
    expect(trail.map((entry: { source: string }) => entry.source)).toEqual(['signup-confirmation', 'signup'])
    expect(trail[1]).toMatchObject({
      ip: '198.51.100.1',
      changes: [{ topicId: beta.id, from: null, to: 'PENDING' }],
    })
    // A bounced address gets no signup at all.
    await suppress(orgId, { email: 'hard@example.com', reason: 'BOUNCED', source: 'bounce' })
    const hard = await ensureContact(
      orgId,
      { email: 'hard@example.com', source: { kind: 'signup' } },
      { source: 'signup' },
    )
    await expect(
      changeSubscriptions(orgId, hard.id, { topics: { [beta.id]: 'PENDING' } }, { source: 'signup' }),
    ).rejects.toMatchObject({ code: 'contact.suppressed' })
  })

  it('upserts imports: skip, update and overwrite; a re-run changes nothing', async () => {
    const { user, orgId } = await audienceOrg()
    const topic = await createTopic(user, orgId, { name: 'Imported' })
    const other = await createTopic(user, orgId, { name: 'Other' })
    const existing = await createContact(user, orgId, {
      email: 'old@example.com',
      firstName: 'Old',
      attributes: { city: 'Rome', plan: 'free' },
      topicPreferences: [
        { topicId: topic.id, status: 'OPT_OUT' },
        { topicId: other.id, status: 'OPT_IN' },
      ],
    })
    const rows = [
      { email: 'old@example.com', lastName: 'Timer', attributes: { plan: 'pro' } },
      { email: 'fresh@example.com', firstName: 'Fresh' },
    ]
    const origin = { source: 'import' as const, importId: 'job1' }
    const skip = await upsertContacts(orgId, rows, {
      existing: 'skip',
      topicIds: [topic.id],
      origin,
      importId: 'job1',
    })
    expect(skip.map((row) => row.outcome)).toEqual(['unchanged', 'created'])
    expect(await getContact(orgId, existing.id)).toMatchObject({ lastName: null, version: 1 })

    const update = await upsertContacts(orgId, rows, { existing: 'update', topicIds: [topic.id], origin })
    expect(update.map((row) => row.outcome)).toEqual(['updated', 'unchanged'])
    expect(await getContact(orgId, existing.id)).toMatchObject({
      firstName: 'Old',
      lastName: 'Timer',
      attributes: { city: 'Rome', plan: 'pro' },
      // An explicit OPT_OUT is kept by `update`.
      topics: { [topic.id]: 'OPT_OUT', [other.id]: 'OPT_IN' },
    })
    expect(
      (await upsertContacts(orgId, rows, { existing: 'update', topicIds: [topic.id], origin })).map(
        (r) => r.outcome,
      ),
    ).toEqual(['unchanged', 'unchanged'])

    const overwrite = await upsertContacts(orgId, rows, {
      existing: 'overwrite',
      topicIds: [topic.id],
      origin,
    })
    expect(overwrite.map((row) => row.outcome)).toEqual(['updated', 'unchanged'])
    expect(await getContact(orgId, existing.id)).toMatchObject({
      firstName: null,
      lastName: 'Timer',
      attributes: { plan: 'pro' },
      topics: { [topic.id]: 'OPT_IN', [other.id]: 'OPT_IN' },
    })
    expect(
      (await upsertContacts(orgId, rows, { existing: 'overwrite', topicIds: [topic.id], origin })).map(
        (r) => r.outcome,
      ),
    ).toEqual(['unchanged', 'unchanged'])
    expect(await topicCounts(user, orgId, topic.id)).toEqual({
      subscribed: 2,
      unsubscribed: 0,
      pending: 0,
      total: 2,
    })
    const fresh = await getContact(orgId, skip[1]?.contactId as string)
    expect(fresh).toMatchObject({ firstName: 'Fresh', source: { kind: 'import', importId: 'job1' } })
    await expect(
      upsertContacts(orgId, rows, { existing: 'skip', topicIds: [orgId], origin }),
    ).rejects.toMatchObject({ code: 'topic.not_found' })
  })
})
