import { randomUUID } from 'node:crypto'
import { listUnsubscribeHeaders } from '@app/core/audience/unsubscribe/headers'
import { simulateLocalSesEngagement } from '@app/local-stack/testing/local-aws'
import { beforeAll, describe, expect, it } from 'vitest'
import { createContact, createTopic } from './audience-helpers'
import { act, compliantSource, createCampaign } from './campaign-helpers'
import {
  deliver,
  eventually,
  type ReportingOrg,
  report,
  reportingOrg,
  signedEvent,
} from './campaign-report-helpers'
import { createTemplate } from './ses-sync-helpers'
import { anonymous, stack } from './stack'

/**
 * A campaign sent through the local stack to the mailbox simulator, with engagement played through the local SES
 * (opens, clicks), a one-click unsubscribe, and what the stand-in does not produce injected as signed SNS events
 * (a soft bounce, a delivery delay, a reject, a rendering failure). The report must equal the ground truth.
 */
const sim = (label: string) => `${label}-${randomUUID().slice(0, 8)}@simulator.amazonses.com`
const LINK1 = 'https://acme.example/launch?utm_source=news'
const LINK2 = 'https://acme.example/pricing'
const HUMAN = {
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36',
  ipAddress: '203.0.113.7',
}
const APPLE_PROXY = { userAgent: 'Mozilla/5.0', ipAddress: '17.58.101.4' }

let org: ReportingOrg
let campaignId: string
let topicId: string
const who: Record<string, { id: string; email: string; organizationId: string }> = {}
let rows: Record<string, { contactId: string; messageId: string | null }>

async function recipients(query = '') {
  const read = await org.owner.api.get(`/api/campaigns/${campaignId}/recipients?${org.oq}${query}`)
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return read.body as { items: Record<string, unknown>[]; nextCursor: string | null }
}

beforeAll(async () => {
  org = await reportingOrg()
  const template = await createTemplate(org.owner, org.orgId, `Report-${Date.now()}`, {
    source: compliantSource(),
  })
  const topic = await createTopic(org.owner, org.orgId, { name: `Report ${Date.now()}` })
  topicId = topic.id
  // a: opens, clicks twice, unsubscribes; b: an Apple proxy open; c: a click only; d: hard bounce;
  // e: complaint; f: soft bounce + delay; g: reject + rendering failure.
  const labels = {
    a: 'success+a',
    b: 'success+b',
    c: 'success+c',
    d: 'bounce+d',
    e: 'complaint+e',
    f: 'success+f',
    g: 'success+g',
  }
  for (const [key, label] of Object.entries(labels)) {
    const contact = await createContact(org.owner, org.orgId, {
      email: sim(label),
      firstName: key.toUpperCase(),
      topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' }],
    })
    who[key] = { id: contact.id, email: contact.email, organizationId: org.orgId }
  }
  const campaign = await createCampaign(org, {
    name: 'Report launch',
    sender: org.sender,
    templateId: template.id,
    topicIds: [topic.id],
  })
  campaignId = campaign.id
  expect((await act(org, campaignId, 'send')).status).toBe(200)
  await eventually(
    async () => (await org.owner.api.get(`/api/campaigns/${campaignId}?${org.oq}`)).body,
    (read) => read.status === 'SENT',
    'the campaign to be sent',
  )
  // The simulator's own events: 5 deliveries + the complaint's delivery, d's bounce, e's complaint.
  await eventually(
    () => report(org, campaignId),
    (read) => read.counts.delivered === 6 && read.counts.hardBounces === 1 && read.counts.complaints === 1,
    'the simulator’s events to be counted',
  )
  rows = Object.fromEntries(
    (await recipients('&limit=50')).items.map((row) => [row.contactId as string, row as never]),
  )
  const message = (key: string) => rows[who[key]?.id ?? '']?.messageId ?? ''
  await simulateLocalSesEngagement(stack, { messageId: message('a'), type: 'OPEN', ...HUMAN })
  await simulateLocalSesEngagement(stack, { messageId: message('a'), type: 'OPEN', ...HUMAN })
  await simulateLocalSesEngagement(stack, { messageId: message('b'), type: 'OPEN', ...APPLE_PROXY })
  for (const [key, link] of [
    ['a', LINK1],
    ['a', LINK2],
    ['a', LINK1],
    ['c', LINK1],
  ] as const)
    await simulateLocalSesEngagement(stack, { messageId: message(key), type: 'CLICK', link, ...HUMAN })
  const at = new Date().toISOString()
  const inject = (key: string, eventType: string, body: Record<string, unknown>) =>
    signedEvent(org, {
      eventType,
      messageId: message(key),
      sentAt: at,
      recipient: who[key]?.email ?? '',
      campaignId,
      contactId: who[key]?.id ?? '',
      body,
    }).then(deliver)
  await inject('f', 'Bounce', {
    bounce: {
      bounceType: 'Transient',
      bounceSubType: 'MailboxFull',
      timestamp: at,
      bouncedRecipients: [{ emailAddress: who.f?.email }],
    },
  })
  await inject('f', 'DeliveryDelay', { deliveryDelay: { delayType: 'MailboxFull', timestamp: at } })
  await inject('g', 'Reject', { reject: { reason: 'Bad content' } })
  await inject('g', 'Rendering Failure', {
    failure: { errorMessage: 'Attribute missing', templateName: 't' },
  })
  // a unsubscribes through the campaign's one-click link (List-Unsubscribe).
  const a = who.a
  if (!a) throw new Error('a expected')
  const url = new URL(
    listUnsubscribeHeaders({ contact: a, topics: [topic.id], campaignId })['List-Unsubscribe'].slice(1, -1),
  )
  const posted = await anonymous().request('POST', `${url.pathname}${url.search}`, {
    rawBody: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  expect(posted.status, JSON.stringify(posted.body)).toBe(200)
}, 180_000)

describe('a campaign’s report from SES events', () => {
  it('counts every outcome as the ground truth says, machine opens excluded by default', async () => {
    const read = await eventually(
      () => report(org, campaignId),
      (read) =>
        read.counts.totalClicks === 4 &&
        read.counts.unsubscribes === 1 &&
        read.counts.renderingFailures === 1 &&
        read.counts.machineOpens === 1 &&
        read.counts.totalOpens === 2,
      'every event to be counted',
    )
    expect(read.machineOpens).toBe('exclude')
    expect(read.counts).toEqual({
      recipients: 7,
      sent: 6,
      delivered: 6,
      failed: 1,
      skipped: 0,
      unconfirmed: 0,
      rejected: 1,
      deliveryDelays: 1,
      renderingFailures: 1,
      uniqueOpens: 2,
      totalOpens: 2,
      machineOpens: 1,
      uniqueClicks: 2,
      totalClicks: 4,
      hardBounces: 1,
      softBounces: 1,
      bouncedRecipients: 2,
      complaints: 1,
      unsubscribes: 1,
    })
    expect(read.rates).toEqual({
      delivery: 1,
      open: 2 / 6,
      click: 2 / 6,
      clickToOpen: 1,
      bounce: 1 / 6,
      complaint: 1 / 6,
      unsubscribe: 1 / 6,
    })
    expect(read.warnings).toEqual([
      { kind: 'bounce', level: 'critical', rate: 1 / 6, threshold: 0.1 },
      { kind: 'complaint', level: 'critical', rate: 1 / 6, threshold: 0.005 },
    ])
    expect(read.links).toEqual([
      { url: LINK1, uniqueClicks: 2, totalClicks: 3 },
      { url: LINK2, uniqueClicks: 1, totalClicks: 1 },
    ])
    expect(read.bounces).toEqual([
      { type: 'Permanent', subType: 'General', count: 1 },
      { type: 'Transient', subType: 'MailboxFull', count: 1 },
    ])
    expect(read.timeline.granularity).toBe('hour')
    const sum = (key: 'opens' | 'clicks') =>
      read.timeline.points.reduce(
        (total: number, point: Record<string, number>) => total + (point[key] ?? 0),
        0,
      )
    expect([sum('opens'), sum('clicks')]).toEqual([2, 4])

    const included = await report(org, campaignId, 'include')
    expect(included.machineOpens).toBe('include')
    expect(included.counts).toMatchObject({ uniqueOpens: 3, totalOpens: 3, machineOpens: 1 })
    expect(included.rates).toMatchObject({ open: 3 / 6, clickToOpen: 2 / 3 })
  })

  it('flags each recipient’s events and filters the recipients by outcome and email prefix', async () => {
    const byOutcome = async (outcome: string) =>
      (await recipients(`&outcome=${outcome}`)).items.map((row) => row.email).sort()
    const emails = (...keys: string[]) => keys.map((key) => who[key]?.email).sort()
    expect(await byOutcome('opened')).toEqual(emails('a', 'b', 'c'))
    expect(await byOutcome('clicked')).toEqual(emails('a', 'c'))
    expect(await byOutcome('bounced')).toEqual(emails('d', 'f'))
    expect(await byOutcome('complained')).toEqual(emails('e'))
    expect(await byOutcome('unsubscribed')).toEqual(emails('a'))
    expect(await byOutcome('delivered')).toEqual(emails('a', 'b', 'c', 'e', 'f', 'g'))
    expect(await byOutcome('failed')).toEqual(emails('g'))
    expect(await byOutcome('skipped')).toEqual([])
    const d = (await recipients(`&outcome=bounced&q=${encodeURIComponent(who.d?.email.slice(0, 12) ?? '')}`))
      .items
    expect(d).toHaveLength(1)
    expect(d[0]).toMatchObject({
      email: who.d?.email,
      bounce: { type: 'Permanent', subType: 'General' },
      deliveredAt: null,
    })
    const a = (await recipients(`&q=${encodeURIComponent(who.a?.email.toUpperCase() ?? '')}`)).items
    expect(a).toHaveLength(1)
    expect(a[0]).toMatchObject({
      deliveredAt: expect.any(String),
      openedAt: expect.any(String),
      clickedAt: expect.any(String),
      unsubscribedAt: expect.any(String),
      complainedAt: null,
      bounce: null,
    })
  })

  it('shows a contact’s activity in its campaigns, newest first', async () => {
    const read = await org.owner.api.get(`/api/contacts/${who.a?.id}/activity?${org.oq}`)
    expect(read.status, JSON.stringify(read.body)).toBe(200)
    const types = read.body.items.map((item: { type: string }) => item.type)
    expect([...types].sort()).toEqual(['CLICKED', 'DELIVERED', 'OPENED', 'SENT', 'UNSUBSCRIBED'])
    expect(
      read.body.items.every((item: { campaignName: string }) => item.campaignName === 'Report launch'),
    ).toBe(true)
    const times = read.body.items.map((item: { at: string }) => item.at)
    expect(times).toEqual([...times].sort().reverse())
    expect(read.body.items.find((item: { type: string }) => item.type === 'CLICKED').detail).toBe(LINK1)
    const bounced = await org.owner.api.get(`/api/contacts/${who.d?.id}/activity?${org.oq}&limit=1`)
    expect(bounced.body.items).toHaveLength(1)
    expect(bounced.body.nextCursor).toEqual(expect.any(String))
    const rest = await org.owner.api.get(
      `/api/contacts/${who.d?.id}/activity?${org.oq}&limit=5&cursor=${bounced.body.nextCursor}`,
    )
    expect(
      [...bounced.body.items, ...rest.body.items].map((item: { type: string }) => item.type).sort(),
    ).toEqual(['BOUNCED', 'SENT'])
  })

  it('compares campaigns side by side', async () => {
    const other = await createCampaign(org, { name: 'Not sent yet', sender: org.sender, topicIds: [topicId] })
    const read = await org.owner.api.get(`/api/campaigns/compare?${org.oq}&ids=${campaignId},${other.id}`)
    expect(read.status, JSON.stringify(read.body)).toBe(200)
    expect(read.body.campaigns.map((row: { id: string }) => row.id)).toEqual([campaignId, other.id])
    expect(read.body.campaigns[0]).toMatchObject({
      name: 'Report launch',
      status: 'SENT',
      counts: { uniqueOpens: 2 },
    })
    expect(read.body.campaigns[1]).toMatchObject({
      status: 'DRAFT',
      startedAt: null,
      rates: { delivery: null },
    })
  })
})

describe('the report routes', () => {
  it('answer 404 for other organizations’ campaigns and contacts, 403 off the Team plans, 400 for bad input', async () => {
    const [other, start] = await Promise.all([reportingOrg(), reportingOrg('START')])
    const a = who.a?.id
    const paths = [
      `/api/campaigns/${campaignId}/report?${other.oq}`,
      `/api/campaigns/compare?${other.oq}&ids=${campaignId},${campaignId.slice(0, -1)}Z`,
      `/api/campaigns/${campaignId}/recipients?${other.oq}&outcome=opened`,
      `/api/contacts/${a}/activity?${other.oq}`,
    ]
    for (const path of paths) {
      const read = await other.owner.api.get(path)
      expect(read.status, path).toBe(404)
      expect(read.body.error.code, path).toBe(
        path.includes('/contacts/') ? 'contact.not_found' : 'campaigns.not_found',
      )
      expect(JSON.stringify(read.body)).not.toContain(who.a?.email)
    }
    for (const path of [
      `/api/campaigns/${campaignId}/report?${start.oq}`,
      `/api/campaigns/compare?${start.oq}&ids=${campaignId},${topicId}`,
      `/api/contacts/${a}/activity?${start.oq}`,
    ]) {
      const read = await start.owner.api.get(path)
      expect(read.status, path).toBe(403)
      expect(read.body.error.code, path).toBe('plan.feature_locked')
    }
    for (const query of [
      `/api/campaigns/${campaignId}/report?${org.oq}&machineOpens=sometimes`,
      `/api/campaigns/compare?${org.oq}&ids=${campaignId}`,
      `/api/campaigns/compare?${org.oq}&ids=${campaignId},${campaignId}`,
      `/api/campaigns/compare?${org.oq}&ids=${campaignId},not-an-id`,
      `/api/campaigns/${campaignId}/recipients?${org.oq}&outcome=read`,
      `/api/campaigns/${campaignId}/recipients?${org.oq}&q=${encodeURIComponent('a\nb')}`,
      `/api/campaigns/${campaignId}/recipients?${org.oq}&outcome=opened&cursor=forged`,
      `/api/contacts/${a}/activity?${org.oq}&limit=0`,
      `/api/contacts/${a}/activity?${org.oq}&cursor=forged`,
    ]) {
      const read = await org.owner.api.get(query)
      expect(read.status, query).toBe(400)
      expect(read.body.error.code, query).toEqual(expect.any(String))
    }
  }, 120_000)
})
