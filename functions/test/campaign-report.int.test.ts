import { beforeAll, describe, expect, it } from 'vitest'
import { createCampaign } from './campaign-helpers'
import { type ReportingOrg, report, reportingOrg } from './campaign-report-helpers'
import { everyEventCounted, LINK1, LINK2, type Recipient, sendEngagedCampaign } from './campaign-report-seed'

/**
 * The report of the seeded campaign (`campaign-report-seed.ts`: engagement through the local SES, a one-click
 * unsubscribe, injected SNS events) must equal the ground truth.
 */
let org: ReportingOrg
let campaignId: string
let topicId: string
let who: Record<string, Recipient>

async function recipients(query = '') {
  const read = await org.owner.api.get(`/api/campaigns/${campaignId}/recipients?${org.oq}${query}`)
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return read.body as { items: Record<string, unknown>[]; nextCursor: string | null }
}

beforeAll(async () => {
  ;({ org, campaignId, topicId, who } = await sendEngagedCampaign())
}, 180_000)

describe('a campaign’s report from SES events', () => {
  it('counts every outcome as the ground truth says, machine opens excluded by default', async () => {
    const read = await everyEventCounted(org, campaignId)
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
      `/api/campaigns/compare?${other.oq}&ids=${campaignId},${campaignId.slice(0, -1)}${campaignId.endsWith('Z') ? 'Y' : 'Z'}`,
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
