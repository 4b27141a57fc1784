import { describe, expect, it } from 'vitest'
import { audienceOrg, createContact, createTopic, topicCounts, waitForJob } from './audience-helpers'

describe('topics', () => {
  it('creates, lists by name, reads, renames and changes a topic; names are unique case-insensitively', async () => {
    const { user, orgId, q } = await audienceOrg()
    const news = await createTopic(user, orgId, { name: 'Newsletter', description: 'Once a month' })
    expect(news).toMatchObject({
      name: 'Newsletter',
      description: 'Once a month',
      defaultSubscriptionStatus: 'OPT_OUT',
      doubleOptIn: false,
      status: 'active',
      counts: { subscribed: 0, unsubscribed: 0, pending: 0, total: 0 },
    })
    await createTopic(user, orgId, { name: 'announcements', defaultSubscriptionStatus: 'OPT_IN' })
    const confirmed = await createTopic(user, orgId, { name: 'Beta', doubleOptIn: true })
    expect(confirmed).toMatchObject({ doubleOptIn: true, defaultSubscriptionStatus: 'OPT_OUT' })

    const list = await user.api.get(`/api/topics?${q}`)
    expect(list.status).toBe(200)
    expect(list.body.items.map((topic: { name: string }) => topic.name)).toEqual([
      'announcements',
      'Beta',
      'Newsletter',
    ])
    expect(list.body.nextCursor).toBeNull()

    const taken = await user.api.post(`/api/topics?${q}`, { name: 'NEWSLETTER' })
    expect(taken.status).toBe(409)
    expect(taken.body.error.code).toBe('topic.name_exists')

    const renamed = await user.api.patch(`/api/topics/${news.id}?${q}`, {
      name: 'Monthly news',
      defaultSubscriptionStatus: 'OPT_IN',
    })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(renamed.body).toMatchObject({ name: 'Monthly news', defaultSubscriptionStatus: 'OPT_IN' })
    // The old name is free again, the new one is taken.
    await createTopic(user, orgId, { name: 'Newsletter' })
    const clash = await user.api.patch(`/api/topics/${news.id}?${q}`, { name: 'beta' })
    expect(clash.body.error.code).toBe('topic.name_exists')

    const read = await user.api.get(`/api/topics/${news.id}?${q}`)
    expect(read.body).toMatchObject({ id: news.id, name: 'Monthly news' })
  })

  it('refuses bad input with 4xx and changes nothing', async () => {
    const { user, orgId, q } = await audienceOrg()
    const topic = await createTopic(user, orgId, { name: 'Keep' })
    const bad: [string, string, unknown][] = [
      ['POST', `/api/topics?${q}`, { name: '' }],
      ['POST', `/api/topics?${q}`, { name: 'a\u0007b' }],
      ['POST', `/api/topics?${q}`, { name: 'x'.repeat(101) }],
      ['POST', `/api/topics?${q}`, { name: 'ok', defaultSubscriptionStatus: 'MAYBE' }],
      ['POST', `/api/topics?${q}`, { name: 'ok', doubleOptIn: true, defaultSubscriptionStatus: 'OPT_IN' }],
      ['POST', `/api/topics?${q}`, { name: 'ok', extra: 1 }],
      ['PATCH', `/api/topics/${topic.id}?${q}`, {}],
      ['PATCH', `/api/topics/${topic.id}?${q}`, { doubleOptIn: 'yes' }],
      ['PATCH', `/api/topics/not-an-id?${q}`, { name: 'x' }],
      ['GET', `/api/topics/${topic.id}?organizationId=nope`, undefined],
    ]
    for (const [method, path, body] of bad) {
      const response = await user.api.request(method as 'POST', path, { body })
      expect(response.status, `${method} ${path}`).toBe(400)
      expect(response.body.error.code).toBe('request.invalid')
    }
    const list = await user.api.get(`/api/topics?${q}`)
    expect(list.body.items).toHaveLength(1)
    expect(list.body.items[0]).toMatchObject({ name: 'Keep', defaultSubscriptionStatus: 'OPT_OUT' })
  })

  it('allows at most 20 topics', async () => {
    const { user, orgId, q } = await audienceOrg()
    for (let index = 0; index < 20; index++) await createTopic(user, orgId, { name: `Topic ${index}` })
    const over = await user.api.post(`/api/topics?${q}`, { name: 'One too many' })
    expect(over.status).toBe(409)
    expect(over.body.error.code).toBe('topic.limit_reached')
  })

  it('deletes a topic in the background: its preferences leave every contact, then the topic goes', async () => {
    const { user, orgId, q } = await audienceOrg()
    const gone = await createTopic(user, orgId, { name: 'Gone' })
    const kept = await createTopic(user, orgId, { name: 'Kept' })
    const contacts = []
    for (let index = 0; index < 12; index++) {
      contacts.push(
        await createContact(user, orgId, {
          email: `member${index}@example.com`,
          topicPreferences: [
            { topicId: gone.id, status: index % 3 === 0 ? 'OPT_OUT' : 'OPT_IN' },
            { topicId: kept.id, status: 'OPT_IN' },
          ],
        }),
      )
    }
    expect(await topicCounts(user, orgId, gone.id)).toEqual({
      subscribed: 8,
      unsubscribed: 4,
      pending: 0,
      total: 12,
    })

    const deleting = await user.api.delete(`/api/topics/${gone.id}?${q}`)
    expect(deleting.status, JSON.stringify(deleting.body)).toBe(202)
    expect(deleting.body).toMatchObject({ kind: 'audience.topic_delete', counts: { total: 1 } })
    // At once: no new preference for it, no second delete.
    const again = await user.api.delete(`/api/topics/${gone.id}?${q}`)
    expect([409, 404]).toContain(again.status)
    const late = await user.api.patch(`/api/contacts/${contacts[1]?.id}?${q}`, {
      topicPreferences: [{ topicId: gone.id, status: 'OPT_OUT' }],
    })
    expect(late.status).toBeGreaterThanOrEqual(404)
    expect(['topic.deleting', 'topic.not_found']).toContain(late.body.error.code)
    const renameDeleting = await user.api.patch(`/api/topics/${gone.id}?${q}`, { name: 'Back' })
    expect(['topic.deleting', 'topic.not_found']).toContain(renameDeleting.body.error.code)
    const job = await waitForJob(user, orgId, deleting.body.id)
    expect(job.status).toBe('succeeded')

    expect((await user.api.get(`/api/topics/${gone.id}?${q}`)).status).toBe(404)
    const list = await user.api.get(`/api/topics?${q}`)
    expect(list.body.items.map((topic: { name: string }) => topic.name)).toEqual(['Kept'])
    for (const contact of contacts) {
      const read = await user.api.get(`/api/contacts/${contact.id}?${q}`)
      expect(read.body.topicPreferences).toEqual([{ topicId: kept.id, status: 'OPT_IN' }])
    }
    expect(await topicCounts(user, orgId, kept.id)).toEqual({
      subscribed: 12,
      unsubscribed: 0,
      pending: 0,
      total: 12,
    })
    const filtered = await user.api.get(`/api/contacts?${q}&topicId=${gone.id}&optIn=true`)
    expect(filtered.status).toBe(404)
    expect(filtered.body.error.code).toBe('topic.not_found')
    // The name is free again.
    await createTopic(user, orgId, { name: 'Gone' })
  })
})
