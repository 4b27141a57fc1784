import { listUnsubscribeHeaders, signedLinkQuery } from '@app/core/audience/unsubscribe/headers'
import { parseSigningKeys } from '@app/core/audience/unsubscribe/links'
import { describe, expect, it } from 'vitest'
import { eventItemsOf } from './outbox-helpers'
import { setSubscription } from './seed'
import { anonymous, newUser, stack } from './stack'

const CAMPAIGN = '01JCAMPA1GN000000000000000'

async function audience() {
  const user = await newUser()
  const orgId: string = (await user.api.get('/api/account')).body.selectedOrganization
  await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
  const q = `organizationId=${orgId}`
  const topic = async (name: string, description: string) => {
    const created = await user.api.post(`/api/topics?${q}`, {
      name,
      description,
      defaultSubscriptionStatus: 'OPT_IN',
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return created.body.id as string
  }
  const news = await topic('Newsletter', 'Monthly news')
  const offers = await topic('Offers', 'Discounts and sales')
  const contact = async (email: string) => {
    const created = await user.api.post(`/api/contacts?${q}`, {
      email,
      topicPreferences: [
        { topicId: news, status: 'OPT_IN' },
        { topicId: offers, status: 'OPT_IN' },
      ],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return { id: created.body.id as string, organizationId: orgId }
  }
  const jane = await contact('jane.doe@example.com')
  const john = await contact('john@example.com')
  const detail = async (id: string) => (await user.api.get(`/api/contacts/${id}?${q}`)).body
  const statuses = async (id: string) =>
    Object.fromEntries(
      ((await detail(id)).subscriptions as { topicId: string; status: string }[]).map((s) => [
        s.topicId,
        s.status,
      ]),
    )
  return { user, orgId, news, offers, jane, john, detail, statuses }
}

type Contact = { id: string; organizationId: string }
const link = (contact: Contact, topics: string[], campaignId?: string) =>
  Object.fromEntries(new URLSearchParams(signedLinkQuery({ contact, topics, campaignId })))
const body = (contact: Contact, topics: string[], campaignId?: string) => {
  const { topicId, ...rest } = link(contact, topics, campaignId)
  return { ...rest, ...(topicId ? { topicId: topicId.split(',') } : {}) }
}
const query = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(fields).filter(([, v]) => v !== undefined) as [string, string][],
  ).toString()
const oneClickPath = (contact: Contact, topics: string[], campaignId?: string) => {
  const url = new URL(
    listUnsubscribeHeaders({ contact, topics, campaignId })['List-Unsubscribe'].slice(1, -1),
  )
  expect(url.origin).toBe(new URL(stack.apiUrl).origin)
  return `${url.pathname}${url.search}`
}
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe('public unsubscribe', () => {
  it('shows the page for a signed link: masked email, organization, topics and statuses; no sign-in', async () => {
    const { jane, news, offers } = await audience()
    const page = await anonymous().get(`/api/contacts/unsubscribe?${query(link(jane, [news], CAMPAIGN))}`)
    expect(page.status, JSON.stringify(page.body)).toBe(200)
    expect(page.body.maskedEmail).toBe('j•••e@e•••.com')
    expect(JSON.stringify(page.body)).not.toContain('jane.doe')
    expect(page.body.organizationName).toEqual(expect.any(String))
    expect(page.body.unsubscribeAll).toBe(false)
    expect(page.body.topics).toEqual(
      expect.arrayContaining([
        { id: news, name: 'Newsletter', description: 'Monthly news', status: 'OPT_IN', inLink: true },
        { id: offers, name: 'Offers', description: 'Discounts and sales', status: 'OPT_IN', inLink: false },
      ]),
    )
  })

  it('unsubscribes from the link topic, then everything, recorded on the trail with the campaign', async () => {
    const { jane, news, offers, statuses, detail } = await audience()
    const one = await anonymous().post('/api/contacts/unsubscribe', body(jane, [news], CAMPAIGN))
    expect(one.status, JSON.stringify(one.body)).toBe(200)
    expect(await statuses(jane.id)).toMatchObject({ [news]: 'OPT_OUT', [offers]: 'OPT_IN' })
    const trail = (await detail(jane.id)).trail
    expect(trail[0]).toMatchObject({
      source: 'unsubscribe-page',
      campaignId: CAMPAIGN,
      changes: [{ topicId: news, from: 'OPT_IN', to: 'OPT_OUT' }],
    })

    const all = await anonymous().post('/api/contacts/unsubscribe', {
      ...body(jane, [news], CAMPAIGN),
      all: true,
    })
    expect(all.status).toBe(200)
    expect(all.body.unsubscribeAll).toBe(true)
    expect(await statuses(jane.id)).toMatchObject({ [news]: 'OPT_OUT', [offers]: 'OPT_OUT' })
  })

  it('manages each topic and resubscribes through the preference call', async () => {
    const { jane, news, offers, statuses, detail } = await audience()
    await anonymous().post('/api/contacts/unsubscribe', { ...body(jane, [news]), all: true })
    const back = await anonymous().post('/api/contacts/unsubscribe/preferences', {
      ...body(jane, [news]),
      topics: [
        { id: news, status: 'OPT_IN' },
        { id: offers, status: 'OPT_OUT' },
      ],
      unsubscribeAll: false,
    })
    expect(back.status, JSON.stringify(back.body)).toBe(200)
    expect(back.body.unsubscribeAll).toBe(false)
    expect(await statuses(jane.id)).toMatchObject({ [news]: 'OPT_IN', [offers]: 'OPT_OUT' })
    expect((await detail(jane.id)).trail[0]).toMatchObject({ source: 'preference-page' })

    const foreignTopic = await anonymous().post('/api/contacts/unsubscribe/preferences', {
      ...body(jane, [news]),
      topics: [{ id: '01JT0P1C000000000000000000', status: 'OPT_IN' }],
    })
    expect(foreignTopic.status).toBe(400)
  })

  it('refuses a bad, missing, other-contact, other-organization or retired-key signature with 403, changing nothing', async () => {
    const { jane, john, news, detail, orgId } = await audience()
    const before = await detail(jane.id)
    const good = link(jane, [news])
    const retiredKey = parseSigningKeys(JSON.stringify({ current: 'old', old: 'r'.repeat(40) }))
    const retired = Object.fromEntries(
      new URLSearchParams(signedLinkQuery({ contact: jane, topics: [news] }, retiredKey)),
    )
    const flipped = `${good.signature?.startsWith('A') ? 'B' : 'A'}${good.signature?.slice(1)}`
    const variants: Record<string, string | undefined>[] = [
      { ...good, signature: flipped },
      { ...good, signature: undefined },
      { ...good, keyId: undefined, signature: undefined },
      // John's id with Jane's signature: answers exactly like a made-up id (nothing says whether John exists).
      { ...good, contactId: john.id },
      { ...good, contactId: '01JN0C0NTACT00000000000000' },
      { ...good, organizationId: '01JN00RG000000000000000000' },
      { ...good, topicId: undefined },
      { ...good, campaignId: CAMPAIGN },
      retired,
    ]
    const answers = new Set<string>()
    for (const fields of variants) {
      const page = await anonymous().get(`/api/contacts/unsubscribe?${query(fields)}`)
      const { topicId, ...rest } = fields
      const posted = await anonymous().post('/api/contacts/unsubscribe', {
        ...rest,
        ...(topicId ? { topicId: topicId.split(',') } : {}),
        all: true,
      })
      const oneClick = await anonymous().request(
        'POST',
        `/api/contacts/unsubscribe/one-click?${query(fields)}`,
        {
          rawBody: 'List-Unsubscribe=One-Click',
          headers: FORM,
        },
      )
      for (const response of [page, posted, oneClick]) {
        // A missing signature fails the schema (400); everything else is the one 403.
        if (fields.signature === undefined) expect(response.status).toBe(400)
        else {
          expect(response.status, JSON.stringify(fields)).toBe(403)
          expect(response.body.error.code).toBe('unsubscribe.invalid_signature')
          answers.add(JSON.stringify(response.body))
        }
      }
    }
    expect(answers.size).toBe(1)
    const after = await detail(jane.id)
    expect(after.version).toBe(before.version)
    expect(after.trail).toEqual(before.trail)
    expect(orgId).toBeTruthy()
  })

  it('one-click: a form POST without cookie unsubscribes, twice is the same 200; GET changes nothing and redirects', async () => {
    const { orgId, jane, news, offers, statuses, detail } = await audience()
    const path = oneClickPath(jane, [news], CAMPAIGN)

    const opened = await fetch(new URL(path, stack.apiUrl), { redirect: 'manual' })
    expect(opened.status).toBe(302)
    const location = new URL(opened.headers.get('location') ?? '')
    expect(location.origin).toBe(new URL(stack.appUrl).origin)
    expect(location.pathname).toBe('/unsubscribe')
    expect(Object.fromEntries(location.searchParams)).toEqual(
      Object.fromEntries(new URL(path, stack.apiUrl).searchParams),
    )
    expect(await statuses(jane.id)).toMatchObject({ [news]: 'OPT_IN', [offers]: 'OPT_IN' })
    const version = (await detail(jane.id)).version

    for (let attempt = 0; attempt < 2; attempt++) {
      const posted = await anonymous().request('POST', path, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: FORM,
      })
      expect(posted.status, JSON.stringify(posted.body)).toBe(200)
      expect(posted.body).toEqual({ unsubscribed: true })
    }
    expect(await statuses(jane.id)).toMatchObject({ [news]: 'OPT_OUT', [offers]: 'OPT_IN' })
    const after = await detail(jane.id)
    expect(after.version).toBe(version + 1)
    expect(after.trail[0]).toMatchObject({ source: 'one-click', campaignId: CAMPAIGN })
    expect(after.trail.filter((entry: { source: string }) => entry.source === 'one-click')).toHaveLength(1)
    // One contact.unsubscribed for the two posts, the recipient's, naming the topic left and the campaign.
    const left = (await eventItemsOf(orgId, 'contact.unsubscribed')).filter(
      (item) => (item.payload as { contactId: string }).contactId === jane.id,
    )
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({
      actor: { type: 'token', proof: 'unsubscribe', subject: jane.id },
      payload: { topicIds: [news], all: false, source: 'one-click', campaignId: CAMPAIGN },
    })

    const multipart = await anonymous().request('POST', oneClickPath(jane, [offers]), {
      rawBody: '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    })
    expect(multipart.status).toBe(200)
    expect(await statuses(jane.id)).toMatchObject({ [offers]: 'OPT_OUT' })
  })

  it('one-click refuses a body that is not List-Unsubscribe=One-Click, and other media types, changing nothing', async () => {
    const { jane, news, detail } = await audience()
    const path = oneClickPath(jane, [news])
    const before = await detail(jane.id)
    const wrong = await anonymous().request('POST', path, { rawBody: 'List-Unsubscribe=Yes', headers: FORM })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error.code).toBe('request.invalid')
    const json = await anonymous().request('POST', path, {
      rawBody: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect(json.status).toBe(415)
    expect((await detail(jane.id)).version).toBe(before.version)
  })

  it('keeps working without the plan (never gated): a lapsed organization still unsubscribes', async () => {
    const { jane, news, orgId, statuses } = await audience()
    await setSubscription(orgId, 'START', 'canceled')
    const page = await anonymous().get(`/api/contacts/unsubscribe?${query(link(jane, [news]))}`)
    expect(page.status).toBe(200)
    const posted = await anonymous().post('/api/contacts/unsubscribe', body(jane, [news]))
    expect(posted.status).toBe(200)
    await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
    expect(await statuses(jane.id)).toMatchObject({ [news]: 'OPT_OUT' })
  })

  it('answers 404 contact_gone only to a correctly signed link of a deleted contact; one-click stays 200', async () => {
    const { user, orgId, jane, news } = await audience()
    const fields = link(jane, [news])
    expect((await user.api.delete(`/api/contacts/${jane.id}?organizationId=${orgId}`)).status).toBe(204)
    const page = await anonymous().get(`/api/contacts/unsubscribe?${query(fields)}`)
    expect(page.status).toBe(404)
    expect(page.body.error.code).toBe('unsubscribe.contact_gone')
    const oneClick = await anonymous().request('POST', oneClickPath(jane, [news]), {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: FORM,
    })
    expect(oneClick.status).toBe(200)
  })
})
