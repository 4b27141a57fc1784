import { randomUUID } from 'node:crypto'
import { upsertContacts } from '@app/core/audience/public'
import { describe, expect, it } from 'vitest'
import {
  delivery,
  type MonitoredOrg,
  monitoredOrg,
  postSesEvent,
  softBounce,
  suppressionOf,
  waitFor,
} from './suppression-helpers'

/** A contact subscribed to a new OPT_OUT topic (so a suppression visibly moves it to OPT_OUT). */
async function subscribedContact(org: MonitoredOrg, email: string) {
  const topic = await org.owner.api.post(`/api/topics?organizationId=${org.orgId}`, {
    name: `News ${randomUUID().slice(0, 8)}`,
    description: 'News',
    defaultSubscriptionStatus: 'OPT_OUT',
  })
  expect(topic.status, JSON.stringify(topic.body)).toBe(201)
  const created = await org.owner.api.post(`/api/contacts?organizationId=${org.orgId}`, {
    email,
    topicPreferences: [{ topicId: topic.body.id, status: 'OPT_IN' }],
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return { contactId: created.body.id as string, topicId: topic.body.id as string }
}

const contactOf = async (org: MonitoredOrg, contactId: string) => {
  const read = await org.owner.api.get(`/api/contacts/${contactId}?organizationId=${org.orgId}`)
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return read.body
}

const statusFor = (contact: { subscriptions: { topicId: string; status: string }[] }, topicId: string) =>
  contact.subscriptions.find((topic) => topic.topicId === topicId)?.status

describe('contacts marked from SES bounce and complaint events', () => {
  it('a Permanent bounce and a complaint from the monitoring pipeline suppress at once, on the trail', async () => {
    const org = await monitoredOrg()
    const bounced = await subscribedContact(org, 'bounce@simulator.amazonses.com')
    const complained = await subscribedContact(org, 'complaint@simulator.amazonses.com')
    for (const email of ['bounce@simulator.amazonses.com', 'complaint@simulator.amazonses.com']) {
      const sent = await org.owner.api.post('/api/templates/tests', {
        organizationId: org.orgId,
        awsAccountId: org.awsAccountId,
        email,
        subject: 'Hello',
        content: '<p>Hello</p>',
        name: 'welcome',
      })
      expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    }
    const bouncedContact = await waitFor(
      () => contactOf(org, bounced.contactId),
      (contact) => contact.suppressed !== null,
      'the bounce to suppress the contact',
    )
    expect(bouncedContact.suppressed.reason).toBe('BOUNCED')
    expect(statusFor(bouncedContact, bounced.topicId)).toBe('OPT_OUT')
    expect(bouncedContact.trail[0]).toMatchObject({ source: 'bounce', suppression: { to: 'BOUNCED' } })
    expect(bouncedContact.suppression.all).toMatchObject({ reason: 'BOUNCED', source: 'bounce' })
    expect(bouncedContact.suppression.all.detail).toContain('Permanent bounce')

    const complainedContact = await waitFor(
      () => contactOf(org, complained.contactId),
      (contact) => contact.suppressed !== null,
      'the complaint to suppress the contact',
    )
    expect(complainedContact.suppressed.reason).toBe('COMPLAINED')
    expect(complainedContact.trail[0]).toMatchObject({
      source: 'complaint',
      suppression: { to: 'COMPLAINED' },
    })
  }, 90_000)

  it('Transient bounces suppress at the third in a row; a delivery starts the count again; a redelivery counts once', async () => {
    const org = await monitoredOrg()
    const soft = await subscribedContact(org, 'soft@example.com')

    await postSesEvent(org, softBounce('soft@example.com'))
    const second = await postSesEvent(org, softBounce('soft@example.com'))
    // SNS delivers the same notification again, and SES publishes the same bounce twice: neither is a third.
    await postSesEvent(org, softBounce('soft@example.com', second.messageId), second.snsMessageId)
    await postSesEvent(org, softBounce('soft@example.com', second.messageId))
    expect((await contactOf(org, soft.contactId)).suppressed).toBeNull()

    await postSesEvent(org, delivery('soft@example.com'))
    await postSesEvent(org, softBounce('soft@example.com'))
    await postSesEvent(org, softBounce('soft@example.com'))
    const notYet = await contactOf(org, soft.contactId)
    expect(notYet.suppressed).toBeNull()
    expect(statusFor(notYet, soft.topicId)).toBe('OPT_IN')

    await postSesEvent(org, softBounce('soft@example.com'))
    const suppressed = await contactOf(org, soft.contactId)
    expect(suppressed.suppressed.reason).toBe('BOUNCED')
    expect(statusFor(suppressed, soft.topicId)).toBe('OPT_OUT')
    expect(suppressed.suppression.all.detail).toContain('3 soft bounces in a row')
    expect(suppressed.trail[0]).toMatchObject({ source: 'bounce', suppression: { to: 'BOUNCED' } })
  }, 90_000)

  it('a bounced contact that is deleted and re-imported (even with overwrite) stays suppressed', async () => {
    const org = await monitoredOrg()
    const { contactId, topicId } = await subscribedContact(org, 'hard@example.com')
    await postSesEvent(org, {
      eventType: 'Bounce',
      recipient: 'hard@example.com',
      body: {
        bounce: {
          bounceType: 'Permanent',
          bounceSubType: 'General',
          bouncedRecipients: [
            { emailAddress: 'hard@example.com', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
          ],
        },
      },
    })
    expect((await contactOf(org, contactId)).suppressed.reason).toBe('BOUNCED')

    const deleted = await org.owner.api.delete(`/api/contacts/${contactId}?organizationId=${org.orgId}`)
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204)
    expect((await suppressionOf(org.orgId, 'hard@example.com'))?.all?.reason).toBe('BOUNCED')

    const [imported] = await upsertContacts(org.orgId, [{ email: 'hard@example.com', firstName: 'Hard' }], {
      existing: 'overwrite',
      topicIds: [topicId],
      origin: { source: 'import' },
    })
    expect(imported).toMatchObject({ outcome: 'created', suppressed: true })
    const again = await contactOf(org, imported?.contactId ?? '')
    expect(again.suppressed.reason).toBe('BOUNCED')
    expect(statusFor(again, topicId)).toBe('OPT_OUT')

    // Nor can the API subscribe it.
    const patched = await org.owner.api.patch(`/api/contacts/${again.id}?organizationId=${org.orgId}`, {
      topicPreferences: [{ topicId, status: 'OPT_IN' }],
    })
    expect(patched.status).toBe(409)
    expect(statusFor(await contactOf(org, again.id), topicId)).toBe('OPT_OUT')
  }, 90_000)
})
