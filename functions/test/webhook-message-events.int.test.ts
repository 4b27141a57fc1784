/**
 * message delivered/opened/clicked/bounced/complained, written by the SES event ingestion once per SES event and only
 * while an endpoint wants the type (the webhooks' wanted-types record), and delivered signed to that endpoint.
 */
import { randomUUID } from 'node:crypto'
import type { WebhookEventType } from '@app/contracts'
import { organizationContext } from '@app/core/organizations/context'
import * as Webhooks from '@app/core/webhooks/public'
import { verifySignature } from '@app/core/webhooks/signature'
import { wantsEvent } from '@app/core/webhooks/wanted'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignOrg } from './campaign-helpers'
import { eventItemsOf } from './outbox-helpers'
import { uniqueEmail } from './stack'
import { type MonitoredOrg, postSesEvent, suppressionOf, waitFor } from './suppression-helpers'
import { actorOf, MESSAGE_TYPES, sesEvents, transactional, webhookEventOrgs } from './webhook-events-helpers'
import { startReceiver } from './webhook-receiver'

describe('message webhook events', () => {
  let setup: CampaignOrg
  let monitored: MonitoredOrg
  let quiet: MonitoredOrg
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let secret: string

  beforeAll(async () => {
    receiver = await startReceiver()
    ;({ setup, monitored, quiet, secret } = await webhookEventOrgs(`${receiver.origin}/events`))
  }, 120_000)
  afterAll(() => receiver.close())

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
})
