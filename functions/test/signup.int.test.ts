import { VIEWER_ADDRESS_HEADER } from '@app/contracts'
import { limitSignupsFrom, SIGNUP_LIMITS } from '@app/core/audience/unsubscribe/signup-rate'
import { describe, expect, it } from 'vitest'
import { eventItemsOf } from './outbox-helpers'
import { setSubscription } from './seed'
import { anonymous, newUser, stack, uniqueEmail, waitForMail } from './stack'

async function topics() {
  const user = await newUser()
  const orgId: string = (await user.api.get('/api/account')).body.selectedOrganization
  await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
  const q = `organizationId=${orgId}`
  const create = async (name: string, doubleOptIn: boolean) => {
    const created = await user.api.post(`/api/topics?${q}`, {
      name,
      description: `${name} mail`,
      doubleOptIn,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return created.body.id as string
  }
  const confirmed = await create('Weekly digest', true)
  const open = await create('Announcements', false)
  const contacts = async () =>
    (await user.api.get(`/api/contacts?${q}`)).body.items as { id: string; email: string }[]
  const detail = async (id: string) => (await user.api.get(`/api/contacts/${id}?${q}`)).body
  const statusOf = async (email: string, topicId: string) => {
    const contact = (await contacts()).find((c) => c.email === email)
    if (!contact) return undefined
    const found = (await detail(contact.id)).subscriptions.find(
      (s: { topicId: string }) => s.topicId === topicId,
    )
    return found?.status as string | undefined
  }
  return { user, orgId, confirmed, open, contacts, detail, statusOf }
}

const confirmationFrom = (html: string | undefined) => {
  const match = html?.match(/href="([^"]*\/subscribe\/confirm\?[^"]+)"/)
  if (!match?.[1]) throw new Error('no confirmation link in the mail')
  return new URL(match[1].replaceAll('&#38;', '&'))
}

describe('public signup with double opt-in', () => {
  it('keeps a signup pending until the mailed link is confirmed; the trail says so', async () => {
    const { orgId, confirmed, statusOf, contacts, detail } = await topics()
    const email = uniqueEmail('signup')
    const since = Date.now() / 1000 - 1
    const form = await anonymous().get(`/api/signup/${confirmed}?organizationId=${orgId}`)
    expect(form.status).toBe(200)
    expect(form.body.topic).toMatchObject({ id: confirmed, name: 'Weekly digest', doubleOptIn: true })

    const signed = await anonymous().post('/api/signup', {
      organizationId: orgId,
      topicId: confirmed,
      email,
      website: '',
    })
    expect(signed.status, JSON.stringify(signed.body)).toBe(202)
    expect(signed.body).toEqual({ confirmationRequired: true })
    expect(await statusOf(email, confirmed)).toBe('PENDING')

    const mail = await waitForMail(stack, { to: email, subjectIncludes: 'Confirm your subscription', since })
    const link = confirmationFrom(mail.html)
    expect(link.origin).toBe(new URL(stack.appUrl).origin)
    const body = Object.fromEntries(link.searchParams)

    const tampered = await anonymous().post('/api/signup/confirm', {
      ...body,
      topicId: '01JT0P1C000000000000000000',
    })
    expect(tampered.status).toBe(403)
    expect(await statusOf(email, confirmed)).toBe('PENDING')

    for (let attempt = 0; attempt < 2; attempt++) {
      const done = await anonymous().post('/api/signup/confirm', body)
      expect(done.status, JSON.stringify(done.body)).toBe(200)
      expect(done.body).toMatchObject({ topicName: 'Weekly digest' })
    }
    expect(await statusOf(email, confirmed)).toBe('OPT_IN')
    const contact = (await contacts()).find((c) => c.email === email)
    const trail = (await detail(contact?.id ?? '')).trail as { source: string }[]
    expect(trail.map((entry) => entry.source)).toEqual(['signup-confirmation', 'signup'])
    // The pending signup subscribed nobody; the confirmation (twice) is one contact.subscribed, the person's.
    const subscribed = (await eventItemsOf(orgId, 'contact.subscribed')).filter(
      (item) => (item.payload as { email: string }).email === email,
    )
    expect(subscribed).toHaveLength(1)
    expect(subscribed[0]).toMatchObject({
      actor: { type: 'token', proof: 'signup', subject: contact?.id },
      payload: { contactId: contact?.id, topicIds: [confirmed], source: 'signup-confirmation' },
    })
  })

  it('subscribes at once to a single opt-in topic; the embeddable form redirects to the hosted page', async () => {
    const { orgId, open, statusOf } = await topics()
    const email = uniqueEmail('form')
    const form = new URLSearchParams({ organizationId: orgId, topicId: open, email, website: '' })
    const response = await fetch(new URL('/api/signup/form', stack.apiUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(
      `${stack.appUrl}/subscribe/${orgId}/${open}?result=subscribed`,
    )
    expect(await statusOf(email, open)).toBe('OPT_IN')

    const bad = await fetch(new URL('/api/signup/form', stack.apiUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ organizationId: orgId, topicId: open, email: 'not-an-email' }).toString(),
      redirect: 'manual',
    })
    expect(bad.headers.get('location')).toBe(`${stack.appUrl}/subscribe/${orgId}/${open}?result=invalid`)
  })

  it('drops a honeypot signup silently, refuses unknown topics and bad input, changing nothing', async () => {
    const { orgId, confirmed, contacts } = await topics()
    const before = (await contacts()).length
    const bot = await anonymous().post('/api/signup', {
      organizationId: orgId,
      topicId: confirmed,
      email: uniqueEmail('bot'),
      website: 'https://spam.example',
    })
    expect(bot.status).toBe(202)
    expect(bot.body).toEqual({ confirmationRequired: true })
    const missing = await anonymous().post('/api/signup', {
      organizationId: orgId,
      topicId: '01JT0P1C000000000000000000',
      email: uniqueEmail('x'),
    })
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('signup.topic_not_found')
    for (const body of [
      { organizationId: orgId, topicId: confirmed, email: 'nope' },
      { organizationId: orgId, topicId: confirmed, email: uniqueEmail('y'), firstName: 'Bad\nName' },
      { organizationId: orgId, topicId: confirmed, email: uniqueEmail('z'), extra: 1 },
    ]) {
      const refused = await anonymous().post('/api/signup', body)
      expect(refused.status).toBe(400)
      expect(refused.body.error.code).toBe('request.invalid')
    }
    expect((await contacts()).length).toBe(before)
  })

  it('limits signups per caller address per hour (429 past the limit)', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`
    for (let i = 0; i < SIGNUP_LIMITS.perIpPerHour; i++) await limitSignupsFrom(ip)
    await expect(limitSignupsFrom(ip)).rejects.toMatchObject({ code: 'rate.limited', status: 429 })
    await expect(limitSignupsFrom(`${ip}1`)).resolves.toBeUndefined()
  })

  it('counts the viewer address CloudFront wrote, not the edge server’s nor X-Forwarded-For', async () => {
    const { orgId, open } = await topics()
    const viewer = `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}`
    for (let i = 0; i < SIGNUP_LIMITS.perIpPerHour; i++) await limitSignupsFrom(viewer)
    const post = (headers: Record<string, string>) =>
      fetch(new URL('/api/signup', stack.apiUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ organizationId: orgId, topicId: open, email: uniqueEmail('viewer') }),
      })
    const limited = await post({ [VIEWER_ADDRESS_HEADER]: viewer, 'x-forwarded-for': '192.0.2.1' })
    expect(limited.status).toBe(429)
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate.limited')
    // Another viewer behind the same edge server is not held back by the first one's signups.
    const other = await post({ [VIEWER_ADDRESS_HEADER]: `${viewer}1`, 'x-forwarded-for': viewer })
    expect(other.status).toBe(202)
  })
})
