/**
 * The webhook event types the issue names, written where their change happens: contact subscribed/unsubscribed (the
 * audience's one writer; bulk sources only while an endpoint wants them) and campaign finished (the engine, once);
 * the message events are in `webhook-message-events.int.test.ts`.
 */
import { WEBHOOK_EVENT_GROUPS } from '@app/contracts'
import { changeSubscriptions, upsertContacts } from '@app/core/audience/public'
import { grantProductionAccess } from '@app/local-stack/testing/local-aws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act, type CampaignOrg, readyCampaign } from './campaign-helpers'
import { eventItemsOf } from './outbox-helpers'
import { stack, uniqueEmail } from './stack'
import { type MonitoredOrg, postSesEvent, suppressionOf, waitFor } from './suppression-helpers'
import { MESSAGE_TYPES, sesEvents, transactional, webhookEventOrgs } from './webhook-events-helpers'
import { startReceiver } from './webhook-receiver'

describe('webhook events', () => {
  let setup: CampaignOrg
  let monitored: MonitoredOrg
  let quiet: MonitoredOrg
  let receiver: Awaited<ReturnType<typeof startReceiver>>

  beforeAll(async () => {
    receiver = await startReceiver()
    ;({ setup, monitored, quiet } = await webhookEventOrgs(`${receiver.origin}/events`))
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
