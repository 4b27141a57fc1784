import { upsertContacts } from '@app/core/audience/public'
import { describe, expect, it } from 'vitest'
import {
  allEmails,
  audienceOrg,
  createContact,
  createTopic,
  topicCounts,
  waitForJob,
} from './audience-helpers'
import { eventsOf } from './outbox-helpers'
import { addMember, setSubscription } from './seed'
import { newUser } from './stack'

describe('contacts', () => {
  it('creates, reads with subscriptions and trail, updates, and deletes a contact', async () => {
    const { user, orgId, q } = await audienceOrg()
    const news = await createTopic(user, orgId, { name: 'News', defaultSubscriptionStatus: 'OPT_IN' })
    const offers = await createTopic(user, orgId, { name: 'Offers' })
    const created = await user.api.post(`/api/contacts?${q}`, {
      email: '  Jane.Doe@Example.COM ',
      firstName: 'Jane',
      lastName: 'Doe',
      attributes: { plan: 'pro', city: 'Oslo' },
      topicPreferences: [{ topicId: offers.id, status: 'OPT_IN' }],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({
      email: 'jane.doe@example.com',
      firstName: 'Jane',
      attributes: { plan: 'pro', city: 'Oslo' },
      topicPreferences: [{ topicId: offers.id, status: 'OPT_IN' }],
      unsubscribeAll: false,
      suppressed: null,
      source: { kind: 'manual' },
      version: 1,
    })
    const id = created.body.id
    const duplicate = await user.api.post(`/api/contacts?${q}`, { email: 'JANE.doe@example.com' })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.error.code).toBe('contact.email_exists')

    const read = await user.api.get(`/api/contacts/${id}?${q}`)
    expect(read.status).toBe(200)
    expect(read.body.subscriptions).toEqual([
      { topicId: news.id, topicName: 'News', status: 'OPT_IN', explicit: false },
      { topicId: offers.id, topicName: 'Offers', status: 'OPT_IN', explicit: true },
    ])
    expect(read.body.trail).toHaveLength(1)
    expect(read.body.trail[0]).toMatchObject({
      source: 'manual',
      by: { email: user.email },
      changes: [{ topicId: offers.id, from: null, to: 'OPT_IN' }],
    })

    const updated = await user.api.patch(`/api/contacts/${id}?${q}`, {
      version: 1,
      lastName: null,
      attributes: { plan: 'team' },
      topicPreferences: [
        { topicId: news.id, status: 'OPT_OUT' },
        { topicId: offers.id, status: null },
      ],
    })
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    expect(updated.body).toMatchObject({ lastName: null, attributes: { plan: 'team' }, version: 2 })
    expect(updated.body.topicPreferences).toEqual([{ topicId: news.id, status: 'OPT_OUT' }])
    const stale = await user.api.patch(`/api/contacts/${id}?${q}`, { version: 1, firstName: 'J' })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toMatchObject({ code: 'version.conflict', currentVersion: 2 })
    const emailChange = await user.api.patch(`/api/contacts/${id}?${q}`, { email: 'other@example.com' })
    expect(emailChange.status).toBe(400)

    const after = await user.api.get(`/api/contacts/${id}?${q}`)
    expect(after.body.trail).toHaveLength(2)
    expect(after.body.trail[0].changes).toEqual(
      expect.arrayContaining([
        { topicId: news.id, from: null, to: 'OPT_OUT' },
        { topicId: offers.id, from: 'OPT_IN', to: null },
      ]),
    )
    expect(await topicCounts(user, orgId, news.id)).toEqual({
      subscribed: 0,
      unsubscribed: 1,
      pending: 0,
      total: 1,
    })

    expect((await user.api.delete(`/api/contacts/${id}?${q}`)).status).toBe(204)
    expect((await user.api.get(`/api/contacts/${id}?${q}`)).status).toBe(404)
    expect((await user.api.delete(`/api/contacts/${id}?${q}`)).status).toBe(404)
    expect(await topicCounts(user, orgId, news.id)).toEqual({
      subscribed: 0,
      unsubscribed: 0,
      pending: 0,
      total: 0,
    })
    // The address is free again.
    await createContact(user, orgId, { email: 'jane.doe@example.com' })
  })

  it('refuses bad input with 4xx and changes nothing', async () => {
    const { user, orgId, q } = await audienceOrg()
    const topic = await createTopic(user, orgId, { name: 'T' })
    const contact = await createContact(user, orgId, { email: 'keep@example.com', firstName: 'Keep' })
    const bad: [string, string, unknown, number][] = [
      ['POST', `/api/contacts?${q}`, { email: 'not-an-email' }, 400],
      ['POST', `/api/contacts?${q}`, { email: 'a@example.com', firstName: 'A\u202Eb' }, 400],
      ['POST', `/api/contacts?${q}`, { email: 'a@example.com', attributes: { '1bad': 'x' } }, 400],
      ['POST', `/api/contacts?${q}`, { email: 'a@example.com', attributes: { ok: 'line\nbreak' } }, 400],
      [
        'POST',
        `/api/contacts?${q}`,
        { email: 'a@example.com', topicPreferences: [{ topicId: topic.id, status: 'PENDING' }] },
        400,
      ],
      [
        'POST',
        `/api/contacts?${q}`,
        {
          email: 'a@example.com',
          topicPreferences: [
            { topicId: topic.id, status: 'OPT_IN' },
            { topicId: topic.id, status: 'OPT_OUT' },
          ],
        },
        400,
      ],
      [
        'POST',
        `/api/contacts?${q}`,
        { email: 'a@example.com', topicPreferences: [{ topicId: orgId, status: 'OPT_IN' }] },
        404,
      ],
      ['PATCH', `/api/contacts/${contact.id}?${q}`, {}, 400],
      ['PATCH', `/api/contacts/${contact.id}?${q}`, { version: 1 }, 400],
      ['PATCH', `/api/contacts/${contact.id}?${q}`, { unsubscribeAll: 'yes' }, 400],
      [
        'PATCH',
        `/api/contacts/${contact.id}?${q}`,
        { topicPreferences: [{ topicId: orgId, status: 'OPT_IN' }] },
        404,
      ],
      ['PATCH', `/api/contacts/bad?${q}`, { firstName: 'x' }, 400],
      ['POST', `/api/contacts/bulk?${q}`, { contactIds: [], action: { type: 'delete' } }, 400],
      [
        'POST',
        `/api/contacts/bulk?${q}`,
        { contactIds: [contact.id, contact.id], action: { type: 'delete' } },
        400,
      ],
      ['POST', `/api/contacts/bulk?${q}`, { contactIds: [contact.id], action: { type: 'explode' } }, 400],
      [
        'POST',
        `/api/contacts/bulk?${q}`,
        { contactIds: [contact.id], action: { type: 'topics', topicPreferences: [] } },
        400,
      ],
    ]
    for (const [method, path, body, status] of bad) {
      const response = await user.api.request(method as 'POST', path, { body })
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status)
      expect(response.body.error.code).toBeTruthy()
    }
    expect(await allEmails(user, q)).toEqual(['keep@example.com'])
    const read = await user.api.get(`/api/contacts/${contact.id}?${q}`)
    expect(read.body).toMatchObject({
      firstName: 'Keep',
      version: 1,
      topicPreferences: [],
      unsubscribeAll: false,
    })
  })

  it('bulk deletes and changes topics inline, and as a job beyond 100 contacts', async () => {
    const { user, orgId, q } = await audienceOrg()
    const topic = await createTopic(user, orgId, { name: 'Bulk' })
    // Seeded through the importer's batch write (the API path is covered above).
    const seeded = await upsertContacts(
      orgId,
      Array.from({ length: 105 }, (_, index) => ({
        email: `b${String(index).padStart(3, '0')}@example.com`,
      })),
      { existing: 'skip', topicIds: [], origin: { source: 'import' } },
    )
    const ids = seeded.map((row) => row.contactId as string)
    const inline = await user.api.post(`/api/contacts/bulk?${q}`, {
      contactIds: [...ids.slice(0, 3), orgId],
      action: { type: 'topics', topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' }] },
    })
    expect(inline.status, JSON.stringify(inline.body)).toBe(200)
    expect(inline.body).toEqual({ result: { succeeded: 3, notFound: 1, suppressed: 0 }, job: null })
    expect((await topicCounts(user, orgId, topic.id)).subscribed).toBe(3)

    const large = await user.api.post(`/api/contacts/bulk?${q}`, {
      contactIds: ids,
      action: { type: 'topics', topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' }] },
    })
    expect(large.status).toBe(200)
    expect(large.body.result).toBeNull()
    expect(large.body.job).toMatchObject({ kind: 'audience.bulk_topics', counts: { total: 105 } })
    const done = await waitForJob(user, orgId, large.body.job.id, 120_000)
    expect(done.status).toBe('succeeded')
    expect(await topicCounts(user, orgId, topic.id)).toEqual({
      subscribed: 105,
      unsubscribed: 0,
      pending: 0,
      total: 105,
    })
    const trail = (await user.api.get(`/api/contacts/${ids[50]}?${q}`)).body.trail
    expect(trail[0]).toMatchObject({ source: 'bulk', jobId: large.body.job.id, by: { email: user.email } })

    const deletion = await user.api.post(`/api/contacts/bulk?${q}`, {
      contactIds: ids.slice(0, 101),
      action: { type: 'delete' },
    })
    expect(deletion.body.job).toMatchObject({ kind: 'audience.bulk_delete', counts: { total: 101 } })
    expect((await waitForJob(user, orgId, deletion.body.job.id, 120_000)).status).toBe('succeeded')
    // One event for the whole deletion (the topics job before it reports none).
    expect(await eventsOf(orgId, 'contacts.deleted')).toEqual([
      { jobId: deletion.body.job.id, status: 'succeeded', deleted: 101, skipped: 0, failed: 0 },
    ])
    expect(await allEmails(user, q)).toEqual([
      'b101@example.com',
      'b102@example.com',
      'b103@example.com',
      'b104@example.com',
    ])
    expect(await topicCounts(user, orgId, topic.id)).toEqual({
      subscribed: 4,
      unsubscribed: 0,
      pending: 0,
      total: 4,
    })
  }, 300_000)

  it('keeps tenants apart: another organization’s ids answer 404 and change nothing', async () => {
    const mine = await audienceOrg()
    const theirs = await audienceOrg()
    const topic = await createTopic(theirs.user, theirs.orgId, { name: 'Theirs' })
    const contact = await createContact(theirs.user, theirs.orgId, { email: 'theirs@example.com' })
    const calls: [string, string, unknown][] = [
      ['GET', `/api/topics/${topic.id}?${mine.q}`, undefined],
      ['PATCH', `/api/topics/${topic.id}?${mine.q}`, { name: 'Mine' }],
      ['DELETE', `/api/topics/${topic.id}?${mine.q}`, undefined],
      ['GET', `/api/contacts/${contact.id}?${mine.q}`, undefined],
      ['PATCH', `/api/contacts/${contact.id}?${mine.q}`, { firstName: 'Mine' }],
      ['DELETE', `/api/contacts/${contact.id}?${mine.q}`, undefined],
      ['GET', `/api/contacts?${mine.q}&topicId=${topic.id}&optIn=true`, undefined],
    ]
    for (const [method, path, body] of calls) {
      const response = await mine.user.api.request(method as 'GET', path, { body })
      expect(response.status, `${method} ${path}`).toBe(404)
    }
    const bulk = await mine.user.api.post(`/api/contacts/bulk?${mine.q}`, {
      contactIds: [contact.id],
      action: { type: 'delete' },
    })
    expect(bulk.body.result).toEqual({ succeeded: 0, notFound: 1, suppressed: 0 })
    // Naming their organization: not a member → 404 on every route.
    for (const path of [
      `/api/topics?${theirs.q}`,
      `/api/contacts?${theirs.q}`,
      `/api/contacts/${contact.id}?${theirs.q}`,
    ]) {
      expect((await mine.user.api.get(path)).status).toBe(404)
    }
    expect((await mine.user.api.post(`/api/contacts?${theirs.q}`, { email: 'x@example.com' })).status).toBe(
      404,
    )
    expect(await allEmails(mine.user, mine.q)).toEqual([])
    const still = await theirs.user.api.get(`/api/contacts/${contact.id}?${theirs.q}`)
    expect(still.body).toMatchObject({ email: 'theirs@example.com', firstName: null, version: 1 })
    expect((await theirs.user.api.get(`/api/topics/${topic.id}?${theirs.q}`)).body.name).toBe('Theirs')
  })

  it('lets every member role read and write the audience', async () => {
    const { user, orgId, q } = await audienceOrg()
    for (const role of ['ADMIN', 'MEMBER'] as const) {
      const member = await newUser()
      await addMember(orgId, member.sub, role)
      const topic = await member.api.post(`/api/topics?${q}`, { name: `By ${role}` })
      expect(topic.status, JSON.stringify(topic.body)).toBe(201)
      const contact = await member.api.post(`/api/contacts?${q}`, {
        email: `${role.toLowerCase()}@example.com`,
      })
      expect(contact.status).toBe(201)
      expect((await member.api.get(`/api/contacts?${q}`)).status).toBe(200)
    }
    expect(await allEmails(user, q)).toEqual(['admin@example.com', 'member@example.com'])
  })

  it('is gated to Team plans: START and Solo are refused, a lapsed Team too', async () => {
    const { user, orgId, q } = await audienceOrg()
    const topic = await createTopic(user, orgId, { name: 'Gate' })
    for (const [plan, status] of [
      ['START', 'active'],
      ['SOLO_MONTHLY', 'active'],
      ['SOLO_YEARLY', 'active'],
      ['TEAM_MONTHLY', 'canceled'],
    ] as const) {
      await setSubscription(orgId, plan, status)
      for (const [method, path, body] of [
        ['GET', `/api/topics?${q}`, undefined],
        ['GET', `/api/topics/${topic.id}?${q}`, undefined],
        ['POST', `/api/topics?${q}`, { name: 'Locked' }],
        ['GET', `/api/contacts?${q}`, undefined],
        ['POST', `/api/contacts?${q}`, { email: 'locked@example.com' }],
      ] as const) {
        const response = await user.api.request(method, path, { body })
        expect(response.status, `${plan} ${method} ${path}`).toBe(403)
        expect(response.body.error.code).toBe('plan.feature_locked')
      }
    }
    await setSubscription(orgId, 'TEAM_PLUS_YEARLY', 'active')
    expect((await user.api.get(`/api/topics?${q}`)).body.items).toHaveLength(1)
    expect(await allEmails(user, q)).toEqual([])
  })
})
