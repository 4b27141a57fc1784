import { randomUUID } from 'node:crypto'
import { dynamo } from '@app/core/aws'
import { campaignTemplateKey, migrationKey } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { simulateLocalSesEngagement } from '@app/local-stack/testing/local-aws'
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb'
import { beforeAll, describe, expect, it } from 'vitest'
import { createContact, createTopic } from './audience-helpers'
import { act, compliantSource, createCampaign } from './campaign-helpers'
import { eventually, type ReportingOrg, report, reportingOrg } from './campaign-report-helpers'
import { addMember, setSubscription } from './seed'
import { createTemplate } from './ses-sync-helpers'
import { newUser, stack } from './stack'

/**
 * Per-template analytics: campaigns of versions 1 and 2 of one template (and one of another template) sent
 * through the local stack to the mailbox simulator, opens and clicks played through the local SES. Each version's
 * numbers must equal the sum of its campaigns' reports and the ground truth; a campaign sent before uses were
 * recorded is found by the backfill; a deleted campaign leaves the analytics.
 */
const sim = (label: string) => `${label}-${randomUUID().slice(0, 8)}@simulator.amazonses.com`
const HUMAN = {
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36',
  ipAddress: '203.0.113.7',
}
const APPLE_PROXY = { userAgent: 'Mozilla/5.0', ipAddress: '17.58.101.4' }

type Counts = Record<string, number>
interface Version {
  version: number
  campaigns: { id: string; name: string; status: string; startedAt: string | null }[]
  counts: Counts
  rates: Record<string, number | null>
}
interface Analytics {
  templateId: string
  machineOpens: string
  limit: number
  truncated: boolean
  versions: Version[]
  totals: { campaigns: number; counts: Counts; rates: Record<string, number | null> }
}

let org: ReportingOrg
let templateId: string
let otherTemplateId: string
/** a: version 1; b and c: version 2; d: the other template. */
const ids: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' }

/** A topic of fresh simulator contacts (suppression is per address: each campaign gets its own). */
async function audience(labels: Record<string, string>) {
  const topic = await createTopic(org.owner, org.orgId, { name: `Analytics ${randomUUID().slice(0, 8)}` })
  const contacts: Record<string, string> = {}
  for (const [key, label] of Object.entries(labels)) {
    const contact = await createContact(org.owner, org.orgId, {
      email: sim(label),
      firstName: key,
      topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' }],
    })
    contacts[key] = contact.id
  }
  return { topicId: topic.id, contacts }
}

/** Creates and sends a campaign; resolves once it is SENT and the simulator's events are counted. */
async function send(name: string, template: string, labels: Record<string, string>, events: Counts) {
  const { topicId, contacts } = await audience(labels)
  const campaign = await createCampaign(org, {
    name,
    sender: org.sender,
    templateId: template,
    topicIds: [topicId],
  })
  const sent = await act(org, campaign.id, 'send')
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  await eventually(
    async () => (await org.owner.api.get(`/api/campaigns/${campaign.id}?${org.oq}`)).body,
    (read) => read.status === 'SENT',
    `${name} to be sent`,
  )
  await eventually(
    () => report(org, campaign.id),
    (read) => Object.entries(events).every(([field, value]) => read.counts[field] === value),
    `${name}'s simulator events`,
  )
  const rows = await org.owner.api.get(`/api/campaigns/${campaign.id}/recipients?${org.oq}&limit=50`)
  const messageOf = (key: string) =>
    (rows.body.items as { contactId: string; messageId: string }[]).find(
      (row) => row.contactId === contacts[key],
    )?.messageId ?? ''
  return { id: campaign.id, messageOf }
}

/** Plays opens and clicks through the local SES; resolves once the report counted them all. */
async function engage(
  id: string,
  plays: [messageId: string, type: 'OPEN' | 'CLICK', agent?: typeof HUMAN][],
) {
  for (const [messageId, type, agent] of plays)
    await simulateLocalSesEngagement(stack, {
      messageId,
      type,
      ...(type === 'CLICK' ? { link: 'https://acme.example/launch' } : {}),
      ...(agent ?? HUMAN),
    })
  await eventually(
    () => report(org, id, 'include'),
    (read) => read.counts.totalOpens + read.counts.totalClicks === plays.length,
    'the opens and clicks to be counted',
  )
}

async function analytics(query = ''): Promise<Analytics> {
  const read = await org.owner.api.get(`/api/templates/${templateId}/analytics?${org.oq}${query}`)
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return read.body
}

const marker = () =>
  dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: migrationKey(org.orgId, 'campaign-template-uses'),
      ConsistentRead: true,
    }),
  )

/** The sum of the campaigns' own reports: the ground truth each version must equal. */
async function reportSum(campaignIds: string[], machineOpens: 'include' | 'exclude' = 'exclude') {
  const sum: Counts = {}
  for (const id of campaignIds)
    for (const [field, value] of Object.entries((await report(org, id, machineOpens)).counts as Counts))
      sum[field] = (sum[field] ?? 0) + value
  return sum
}

beforeAll(async () => {
  org = await reportingOrg()
  const template = await createTemplate(org.owner, org.orgId, `Analytics-${Date.now()}`, {
    source: compliantSource(),
  })
  templateId = template.id
  const other = await createTemplate(org.owner, org.orgId, `Other-${Date.now()}`, {
    source: compliantSource('Hello {{firstName}}'),
  })
  otherTemplateId = other.id

  // Version 1: x opens and clicks, y is only delivered, z hard-bounces.
  const a = await send(
    'Version one',
    templateId,
    { x: 'success+x', y: 'success+y', z: 'bounce+z' },
    { delivered: 2, hardBounces: 1 },
  )
  ids.a = a.id
  await engage(a.id, [
    [a.messageOf('x'), 'OPEN'],
    [a.messageOf('x'), 'CLICK'],
  ])

  const saved = await org.owner.api.patch(`/api/templates/${templateId}`, {
    version: 1,
    source: compliantSource('Dear {{firstName}}'),
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  expect(saved.body.version).toBe(2)

  // Version 2, twice (b: two people open, one clicks, a bounce and a complaint; c: Apple's proxy opens), and
  // the other template once (d: an open and a click that must not count).
  const [b, c, d] = await Promise.all([
    send(
      'Version two',
      templateId,
      { x: 'success+x', y: 'success+y', z: 'bounce+z', w: 'complaint+w' },
      { delivered: 3, hardBounces: 1, complaints: 1 },
    ),
    send('Version two again', templateId, { x: 'success+x', y: 'success+y' }, { delivered: 2 }),
    send('Other template', otherTemplateId, { x: 'success+x' }, { delivered: 1 }),
  ])
  Object.assign(ids, { b: b.id, c: c.id, d: d.id })
  await engage(b.id, [
    [b.messageOf('x'), 'OPEN'],
    [b.messageOf('y'), 'OPEN'],
    [b.messageOf('y'), 'CLICK'],
  ])
  await engage(c.id, [[c.messageOf('x'), 'OPEN', APPLE_PROXY]])
  await engage(d.id, [
    [d.messageOf('x'), 'OPEN'],
    [d.messageOf('x'), 'CLICK'],
  ])

  // Campaign a as if it had been sent before template uses were recorded: its use item removed (no analytics
  // was read yet, so the organization has no backfill marker).
  await dynamo().send(
    new DeleteCommand({ TableName: tableName(), Key: campaignTemplateKey(org.orgId, templateId, a.id) }),
  )
  expect((await marker()).Item).toBeUndefined()
}, 300_000)

describe('per-template analytics', () => {
  it('sums each version’s campaigns as their reports count them, newest version first, the other template left out', async () => {
    const read = await analytics()
    expect(read).toMatchObject({ templateId, machineOpens: 'exclude', limit: 100, truncated: false })
    expect(read.versions.map((version) => version.version)).toEqual([2, 1])
    const [two, one] = read.versions as [Version, Version]

    // The campaign sent "before" is there: the backfill found it, and marked the organization.
    expect(one.campaigns.map((campaign) => campaign.id)).toEqual([ids.a])
    expect(one.campaigns[0]).toMatchObject({
      name: 'Version one',
      status: 'SENT',
      startedAt: expect.any(String),
    })
    expect((await marker()).Item).toMatchObject({ written: 4 })
    expect(two.campaigns.map((campaign) => campaign.id).sort()).toEqual([ids.b, ids.c].sort())

    // Ground truth: version 1 sent 3, delivered 2, x opened and clicked, z bounced.
    expect(one.counts).toMatchObject({
      recipients: 3,
      sent: 3,
      delivered: 2,
      uniqueOpens: 1,
      uniqueClicks: 1,
      hardBounces: 1,
      softBounces: 0,
      complaints: 0,
      unsubscribes: 0,
    })
    expect(one.rates).toEqual({
      delivery: 2 / 3,
      open: 1 / 2,
      click: 1 / 2,
      clickToOpen: 1,
      bounce: 1 / 3,
      complaint: 0,
      unsubscribe: 0,
    })
    // Version 2: 6 sent, 5 delivered (b's complaint was delivered), two people opened (c's was Apple's proxy).
    expect(two.counts).toMatchObject({
      recipients: 6,
      sent: 6,
      delivered: 5,
      uniqueOpens: 2,
      machineOpens: 1,
      uniqueClicks: 1,
      hardBounces: 1,
      complaints: 1,
    })
    expect(two.rates).toMatchObject({ open: 2 / 5, click: 1 / 5, clickToOpen: 1 / 2, complaint: 1 / 5 })
    expect(one.counts).toEqual(await reportSum([ids.a]))
    expect(two.counts).toEqual(await reportSum([ids.b, ids.c]))
    expect(read.totals.campaigns).toBe(3)
    expect(read.totals.counts).toEqual(await reportSum([ids.a, ids.b, ids.c]))
    expect(read.totals.rates.open).toBe(3 / 7)

    // Machine opens counted: c's open joins version 2's.
    const included = await analytics('&machineOpens=include')
    expect(included.machineOpens).toBe('include')
    expect(included.versions[0]?.counts).toEqual(await reportSum([ids.b, ids.c], 'include'))
    expect(included.versions[0]?.counts.uniqueOpens).toBe(3)
    expect(included.versions[0]?.rates.open).toBe(3 / 5)

    // The other template counts its own campaign only.
    const other = await org.owner.api.get(`/api/templates/${otherTemplateId}/analytics?${org.oq}`)
    expect(other.status).toBe(200)
    expect(other.body.versions.map((version: Version) => version.campaigns.map((c) => c.id))).toEqual([
      [ids.d],
    ])
  }, 60_000)

  it('answers 404 for another organization’s template, 403 on START and Solo, 400 for bad input', async () => {
    const [other, start] = await Promise.all([reportingOrg(), reportingOrg('START')])
    const foreign = await other.owner.api.get(`/api/templates/${templateId}/analytics?${other.oq}`)
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.code).toBe('template.not_found')
    expect(JSON.stringify(foreign.body)).not.toContain('Version one')
    const unknown = await org.owner.api.get(`/api/templates/01ARZ3NDEKTSV4RRFFQ69G5FAV/analytics?${org.oq}`)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('template.not_found')

    // A stranger naming this organization: 404 for the organization; any member may read.
    const stranger = await other.owner.api.get(`/api/templates/${templateId}/analytics?${org.oq}`)
    expect(stranger.status).toBe(404)
    expect(stranger.body.error.code).toBe('organization.not_found')
    const member = await newUser()
    await addMember(org.orgId, member.sub, 'MEMBER')
    expect((await member.api.get(`/api/templates/${templateId}/analytics?${org.oq}`)).status).toBe(200)

    // START and Solo have no campaigns: refused before anything is read.
    await setSubscription(other.orgId, 'SOLO_MONTHLY', 'active')
    for (const locked of [start, other]) {
      const own = await createTemplate(locked.owner, locked.orgId, `Locked-${Date.now()}`)
      const read = await locked.owner.api.get(`/api/templates/${own.id}/analytics?${locked.oq}`)
      expect(read.status, JSON.stringify(read.body)).toBe(403)
      expect(read.body.error.code).toBe('plan.feature_locked')
    }

    for (const path of [
      `/api/templates/${templateId}/analytics?${org.oq}&machineOpens=sometimes`,
      `/api/templates/${templateId}/analytics?${org.oq}&limit=5`,
      `/api/templates/not-an-id/analytics?${org.oq}`,
      `/api/templates/${templateId}/analytics?organizationId=not-an-id`,
    ]) {
      const read = await org.owner.api.get(path)
      expect(read.status, path).toBe(400)
      expect(read.body.error.code, path).toEqual(expect.any(String))
    }
  }, 120_000)

  it('leaves out a deleted campaign', async () => {
    const deleted = await org.owner.api.delete(`/api/campaigns/${ids.c}?${org.oq}`)
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204)
    const use = await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: campaignTemplateKey(org.orgId, templateId, ids.c),
        ConsistentRead: true,
      }),
    )
    expect(use.Item).toBeUndefined()
    const read = await analytics()
    expect(read.versions.map((version) => version.campaigns.map((campaign) => campaign.id))).toEqual([
      [ids.b],
      [ids.a],
    ])
    expect(read.versions[0]?.counts).toEqual(await reportSum([ids.b]))
    expect(read.totals.campaigns).toBe(2)
  }, 60_000)
})
