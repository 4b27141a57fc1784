/**
 * The webhook event types the issue names, written where their change happens: contact subscribed/unsubscribed (the
 * audience's one writer; bulk sources only while an endpoint wants them), campaign finished (the engine, once),
 * message delivered/opened/clicked/bounced/complained (the SES event ingestion, once per SES event, only while an
 * endpoint wants the type) — and delivered, signed, to an endpoint wanting them.
 */
import { randomUUID } from 'node:crypto'
import { WEBHOOK_EVENT_GROUPS, type WebhookEventType } from '@app/contracts'
import type { UserActor } from '@app/core'
import { changeSubscriptions, upsertContacts } from '@app/core/audience/public'
import { organizationContext } from '@app/core/organizations/context'
import * as Webhooks from '@app/core/webhooks/public'
import { verifySignature } from '@app/core/webhooks/signature'
import { wantsEvent } from '@app/core/webhooks/wanted'
import { grantProductionAccess } from '@app/local-stack/testing/local-aws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act, type CampaignOrg, campaignOrg, enableEvents, readyCampaign } from './campaign-helpers'
import { eventItemsOf } from './outbox-helpers'
import { stack, uniqueEmail } from './stack'
import { type MonitoredOrg, monitoredOrg, postSesEvent, suppressionOf, waitFor } from './suppression-helpers'
import { startReceiver } from './webhook-receiver'

const MESSAGE_TYPES = [
  'message.delivered',
  'message.opened',
  'message.clicked',
  'message.bounced',
  'message.complained',
] as const
const WANTED: WebhookEventType[] = [
  'contact.subscribed',
  'contact.unsubscribed',
  'campaign.finished',
  ...MESSAGE_TYPES,
]

const actorOf = (owner: CampaignOrg['owner']): UserActor => ({
  kind: 'user',
  accountId: owner.sub,
  username: owner.sub,
  email: owner.email,
  emailVerified: true,
  groups: [],
})

const transactional = { 'ses-studio': ['transactional'], template: ['t1'] }
const now = () => new Date().toISOString()

/** One SES event of each reported type, for one message of `recipient` (SES's JSON as SNS carries it). */
const sesEvents = (recipient: string) => ({
  Delivery: { delivery: { timestamp: now(), recipients: [recipient], smtpResponse: '250 2.0.0 OK' } },
  Open: { open: { timestamp: now(), userAgent: 'Mail/1.0', ipAddress: '198.51.100.7' } },
  Click: { click: { timestamp: now(), link: 'https://example.com/offer?x=1' } },
  Bounce: {
    bounce: {
      bounceType: 'Permanent',
      bounceSubType: 'General',
      timestamp: now(),
      bouncedRecipients: [{ emailAddress: recipient, diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
    },
  },
  Complaint: {
    complaint: {
      timestamp: now(),
      complaintFeedbackType: 'abuse',
      complainedRecipients: [{ emailAddress: recipient }],
    },
  },
})

describe('webhook events', () => {
  let setup: CampaignOrg
  let monitored: MonitoredOrg
  let quiet: MonitoredOrg
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let secret: string

  beforeAll(async () => {
    receiver = await startReceiver()
    setup = await campaignOrg('TEAM_MONTHLY', { events: false })
    // The endpoint exists before any event of the organization is written (so no function remembers "none").
    const context = await organizationContext(actorOf(setup.owner), setup.orgId, 'organization.read')
    ;({ secret } = await Webhooks.createEndpoint(context, {
      url: `${receiver.origin}/events`,
      description: 'all new types',
      eventTypes: WANTED,
    }))
    const monitoring = await enableEvents(setup.owner, setup.orgId, setup.awsAccountId)
    monitored = {
      ...setup,
      topicArn: (monitoring as unknown as { topicArn: string }).topicArn,
    } as MonitoredOrg
    // Another organization, monitored, without any endpoint.
    quiet = await monitoredOrg()
  }, 120_000)
  afterAll(() => receiver.close())

  it('offers every named event in the dashboard groups, labelled', () => {
    const byGroup = Object.fromEntries(
      WEBHOOK_EVENT_GROUPS.map((group) => [group.label, group.types.map((entry) => entry.type)]),
    )
    expect(byGroup.Contacts).toEqual(expect.arrayContaining(['contact.subscribed', 'contact.unsubscribed']))
    expect(byGroup.Campaigns).toEqual([
      'campaign.sent',
      'campaign.paused',
      'campaign.finished',
      'campaign.cancelled',
    ])
    expect(byGroup.Messages).toEqual([...MESSAGE_TYPES])
    const labels = WEBHOOK_EVENT_GROUPS.flatMap((group): { type: string; label: string }[] => [
      ...group.types,
    ])
    expect(labels.find((entry) => entry.type === 'campaign.finished')?.label).toBe('Campaign sent (finished)')
    expect(labels.find((entry) => entry.type === 'campaign.sent')?.label).toMatch(/^Campaign started/)
  })

  it('writes contact.subscribed and contact.unsubscribed once per change, by whoever made it', {
    timeout: 60_000,
  }, async () => {
    const { campaign, topic, emails } = await readyCampaign(setup, 'Finished', 2)
    const subscribed = await eventItemsOf(setup.orgId, 'contact.subscribed')
    const mine = subscribed.filter((item) => emails.includes((item.payload as { email: string }).email))
    expect(mine).toHaveLength(2)
    expect(mine[0]).toMatchObject({
      actor: { type: 'user', accountId: setup.owner.sub },
      payload: { topicIds: [topic.id], source: 'manual', contactId: expect.any(String) },
    })
    const contactId = String(mine[0]?.payload && (mine[0].payload as { contactId: string }).contactId)
    // The person leaves the topic through their link: one contact.unsubscribed, the recipient's.
    await changeSubscriptions(
      setup.orgId,
      contactId,
      { topics: { [topic.id]: 'OPT_OUT' } },
      {
        source: 'preference-page',
        campaignId: campaign.id,
      },
    )
    // The same change again moves nothing: no second event.
    await changeSubscriptions(
      setup.orgId,
      contactId,
      { topics: { [topic.id]: 'OPT_OUT' } },
      {
        source: 'preference-page',
      },
    )
    const left = (await eventItemsOf(setup.orgId, 'contact.unsubscribed')).filter(
      (item) => (item.payload as { contactId: string }).contactId === contactId,
    )
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({
      actor: { type: 'token', proof: 'unsubscribe', subject: contactId },
      payload: {
        topicIds: [topic.id],
        all: false,
        suppressed: null,
        source: 'preference-page',
        campaignId: campaign.id,
      },
    })
  })

  it('writes an import’s contact events only while an endpoint wants them', { timeout: 60_000 }, async () => {
    const rows = (org: string) =>
      [0, 1, 2].map((n) => ({ email: uniqueEmail(`import${n}-${org.slice(-4)}`) }))
    const topicOf = async (org: MonitoredOrg) => {
      const created = await org.owner.api.post(`/api/topics?organizationId=${org.orgId}`, {
        name: `Imported ${Date.now()}`,
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      return created.body.id as string
    }
    for (const [org, expected] of [
      [monitored, 3],
      [quiet, 0],
    ] as const) {
      const topicId = await topicOf(org)
      const results = await upsertContacts(org.orgId, rows(org.orgId), {
        existing: 'update',
        topicIds: [topicId],
        origin: { source: 'import', importId: 'imp1', by: { type: 'system', name: 'test' } },
      })
      expect(results.map((result) => result.outcome)).toEqual(['created', 'created', 'created'])
      const events = (await eventItemsOf(org.orgId, 'contact.subscribed')).filter(
        (item) => (item.payload as { source: string }).source === 'import',
      )
      expect(events).toHaveLength(expected)
      for (const event of events)
        expect(event.payload).toMatchObject({ topicIds: [topicId], source: 'import' })
    }
  })

  it('writes campaign.finished once, with the counts, and message.delivered for each recipient', {
    timeout: 120_000,
  }, async () => {
    await grantProductionAccess(stack, setup.keys.accountId, 'us-east-1')
    const { campaign, emails } = await readyCampaign(setup, 'To the end', 2)
    // The second reader has no first name: filled, not skipped.
    await setup.owner.api.patch(`/api/campaigns/${campaign.id}?${setup.oq}`, {
      missingVariables: { mode: 'default', values: { firstName: 'friend' } },
    })
    const sent = await act(setup, campaign.id, 'send')
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const [finished] = await waitFor(
      async () =>
        (await eventItemsOf(setup.orgId, 'campaign.finished')).filter(
          (item) => (item.payload as { campaignId: string }).campaignId === campaign.id,
        ),
      (found) => found.length > 0,
      'campaign.finished',
    )
    expect(finished).toMatchObject({
      actor: { type: 'system', name: 'campaigns.engine' },
      payload: { counts: { total: 2, sent: 2, failed: 0, skipped: 0, unconfirmed: 0 } },
    })
    // The local SES reports each delivery through the monitoring topic: one message.delivered per recipient.
    const delivered = await waitFor(
      async () =>
        (await eventItemsOf(setup.orgId, 'message.delivered')).filter(
          (item) => (item.payload as { campaignId: string }).campaignId === campaign.id,
        ),
      (found) => found.length === 2,
      'message.delivered for both recipients',
    )
    expect(delivered.map((item) => (item.payload as { email: string }).email).sort()).toEqual(
      [...emails].sort(),
    )
    expect(delivered[0]?.payload).toMatchObject({ transactional: false, contactId: expect.any(String) })
    const deliveredTo = await waitFor(
      async () =>
        receiver.at('/events').filter((request) => JSON.parse(request.body).type === 'campaign.finished'),
      (found) => found.length > 0,
      'campaign.finished delivered',
    )
    expect(deliveredTo).toHaveLength(1)
    expect(
      (await eventItemsOf(setup.orgId, 'campaign.finished')).filter(
        (item) => (item.payload as { campaignId: string }).campaignId === campaign.id,
      ),
    ).toHaveLength(1)
  })

  it('writes each message.* event once per SES event with its detail, and delivers a bounce signed', {
    timeout: 90_000,
  }, async () => {
    const recipient = uniqueEmail('reader')
    const messageId = randomUUID()
    const posted: Record<string, string> = {}
    for (const [eventType, body] of Object.entries(sesEvents(recipient))) {
      const { snsMessageId } = await postSesEvent(monitored, {
        eventType,
        messageId,
        recipient,
        body,
        tags: transactional,
      })
      posted[eventType] = snsMessageId
    }
    // SNS delivers the bounce again: nothing more is written.
    await postSesEvent(
      monitored,
      { eventType: 'Bounce', messageId, recipient, body: sesEvents(recipient).Bounce, tags: transactional },
      posted.Bounce,
    )
    const ofMessage = async (type: string) =>
      (await eventItemsOf(setup.orgId, type)).filter(
        (item) => (item.payload as { messageId: string }).messageId === messageId,
      )
    const base = {
      messageId,
      campaignId: null,
      transactional: true,
      contactId: null,
      email: recipient,
      awsAccountId: setup.awsAccountId,
    }
    const expected: Record<(typeof MESSAGE_TYPES)[number], Record<string, unknown>> = {
      'message.delivered': { ...base, detail: '250 2.0.0 OK' },
      'message.opened': { ...base, userAgent: 'Mail/1.0', ipAddress: '198.51.100.7' },
      'message.clicked': { ...base, link: 'https://example.com/offer?x=1' },
      'message.bounced': { ...base, bounceType: 'Permanent', bounceSubType: 'General' },
      'message.complained': { ...base, complaintType: 'abuse' },
    }
    for (const type of MESSAGE_TYPES) {
      const found = await ofMessage(type)
      expect(found, type).toHaveLength(1)
      expect(found[0]).toMatchObject({
        actor: { type: 'system', name: 'ses-monitoring.events' },
        payload: expected[type],
      })
    }
    const [bounce] = await waitFor(
      async () =>
        receiver.at('/events').filter((request) => {
          const body = JSON.parse(request.body)
          return body.type === 'message.bounced' && body.payload.messageId === messageId
        }),
      (found) => found.length > 0,
      'the bounce delivered',
    )
    if (!bounce) throw new Error('no delivery')
    const presented = {
      id: String(bounce.headers['webhook-id']),
      timestamp: String(bounce.headers['webhook-timestamp']),
      signature: String(bounce.headers['webhook-signature']),
    }
    expect(verifySignature(secret, presented, bounce.body)).toBe(true)
    expect(JSON.parse(bounce.body)).toMatchObject({
      organizationId: setup.orgId,
      payload: expected['message.bounced'],
    })
  })

  it('keeps the wanted types with the enabled endpoints: created, changed, deleted', {
    timeout: 60_000,
  }, async () => {
    const context = await organizationContext(actorOf(quiet.owner), quiet.orgId, 'organization.read')
    const wants = async () =>
      Promise.all(
        ['message.opened', 'message.clicked'].map((type) =>
          wantsEvent(quiet.orgId, type as WebhookEventType),
        ),
      )
    expect(await wants()).toEqual([false, false])
    const first = await Webhooks.createEndpoint(context, {
      url: `${receiver.origin}/first`,
      description: 'first',
      eventTypes: ['message.opened'],
    })
    const second = await Webhooks.createEndpoint(context, {
      url: `${receiver.origin}/second`,
      description: 'second',
      eventTypes: ['message.opened', 'message.clicked'],
    })
    expect(await wants()).toEqual([true, true])
    await Webhooks.updateEndpoint(context, second.endpoint.id, { eventTypes: ['campaign.paused'] })
    expect(await wants()).toEqual([true, false])
    await Webhooks.deleteEndpoint(context, first.endpoint.id)
    expect(await wants()).toEqual([false, false])
    await Webhooks.deleteEndpoint(context, second.endpoint.id)
  })

  it('writes no message.* event for an organization without an endpoint wanting it', {
    timeout: 60_000,
  }, async () => {
    const recipient = uniqueEmail('quiet')
    const messageId = randomUUID()
    for (const [eventType, body] of Object.entries(sesEvents(recipient)))
      await postSesEvent(quiet, { eventType, messageId, recipient, body, tags: transactional })
    // The events were taken in (the hard bounce suppressed the address) …
    expect((await suppressionOf(quiet.orgId, recipient))?.all?.reason).toBe('BOUNCED')
    // … and none of them became a message event.
    for (const type of MESSAGE_TYPES) expect(await eventItemsOf(quiet.orgId, type), type).toEqual([])
  })

  it('writes a hard bounce’s contact.unsubscribed (a bulk source) only where an endpoint wants it', {
    timeout: 60_000,
  }, async () => {
    for (const [org, expected] of [
      [monitored, 1],
      [quiet, 0],
    ] as const) {
      const email = uniqueEmail('bounced')
      const topic = await org.owner.api.post(`/api/topics?organizationId=${org.orgId}`, {
        name: `B ${Date.now()}`,
      })
      const contact = await org.owner.api.post(`/api/contacts?organizationId=${org.orgId}`, {
        email,
        topicPreferences: [{ topicId: topic.body.id, status: 'OPT_IN' }],
      })
      expect(contact.status, JSON.stringify(contact.body)).toBe(201)
      await postSesEvent(org, {
        eventType: 'Bounce',
        recipient: email,
        body: sesEvents(email).Bounce,
        tags: transactional,
      })
      expect((await suppressionOf(org.orgId, email))?.all?.reason).toBe('BOUNCED')
      const left = (await eventItemsOf(org.orgId, 'contact.unsubscribed')).filter(
        (item) => (item.payload as { contactId: string }).contactId === contact.body.id,
      )
      expect(left).toHaveLength(expected)
      if (expected)
        expect(left[0]?.payload).toMatchObject({
          email,
          topicIds: [topic.body.id],
          all: true,
          suppressed: 'BOUNCED',
          source: 'bounce',
        })
    }
  })
})
