import { ADMIN_GROUP, ROUTE_LIST } from '@app/contracts'
import { upsertContacts } from '@app/core/audience/public'
import { type CursorQuery, encodeCursor } from '@app/core/db/cursor'
import { recordEvent } from '@app/core/ses-monitoring/message-log.repo'
import { mintIdToken } from '@app/local-stack/testing/local-tokens'
import { ulid } from 'ulid'
import { beforeAll, describe, expect, it } from 'vitest'
import { createContact } from './audience-helpers'
import { keyed, keyFor } from './public-api-helpers'
import { orgWithAccount } from './ses-sync-helpers'
import { api, stack, uniqueEmail } from './stack'

type Tenant = Awaited<ReturnType<typeof orgWithAccount>> & {
  templateId: string
  campaignId: string
  contactId: string
  /** An API key of the organization reading campaigns (the public API's list). */
  campaignsKey: string
  /** An API key of the organization reading contacts and topics (the public API's lists). */
  audienceKey: string
  webhookEndpointId: string
}
type Client = ReturnType<typeof api>

/**
 * Every list route that takes a cursor, as data: how to call it for a tenant with a cursor, the query the server
 * binds its cursors to, a position it would accept, and the same query with one filter changed. The cursors are
 * signed here with the stack's own key, exactly as the server would sign them, so each case differs from a valid
 * cursor in one way only.
 */
interface ListCase {
  route: string
  path: (t: Tenant, cursor: string) => string
  query: (t: Tenant) => CursorQuery
  otherQuery: (t: Tenant) => CursorQuery
  position: (t: Tenant) => unknown
  client?: (t: Tenant) => Client
  /** False where a valid cursor would reach Stripe with a made-up id (the position is still checked first). */
  followValid?: boolean
}

const month = new Date().toISOString().slice(0, 7)
const range = { from: `${month}-01`, to: new Date().toISOString().slice(0, 10) }
let operator: Client

const CASES: ListCase[] = [
  {
    route: 'listTemplates',
    path: (t, cursor) => `/api/templates?organizationId=${t.orgId}&sort=name&tag=news&cursor=${cursor}`,
    query: (t) => ({
      list: 'templates',
      scope: t.orgId,
      filters: { tag: 'news', sort: 'name', order: 'asc' },
    }),
    otherQuery: (t) => ({ list: 'templates', scope: t.orgId, filters: { sort: 'name', order: 'asc' } }),
    position: () => ({ key: 'a\u0001a\u000101J000000000000000000000', id: '01J000000000000000000000AA' }),
  },
  {
    route: 'listTemplateVersions',
    path: (t, cursor) => `/api/templates/${t.templateId}/versions?cursor=${cursor}`,
    query: (t) => ({ list: 'template-versions', scope: `${t.orgId}/${t.templateId}` }),
    otherQuery: (t) => ({ list: 'template-versions', scope: `${t.orgId}/${ulid()}` }),
    position: () => ({ version: 2 }),
  },
  {
    route: 'listBlocks',
    path: (t, cursor) => `/api/blocks?organizationId=${t.orgId}&editorType=HTML&cursor=${cursor}`,
    query: (t) => ({ list: 'blocks', scope: t.orgId, filters: { editorType: 'HTML' } }),
    otherQuery: (t) => ({ list: 'blocks', scope: t.orgId, filters: { editorType: 'MJML' } }),
    position: () => ({ key: 'b\u0001b\u000101J000000000000000000000', id: '01J000000000000000000000AA' }),
  },
  {
    route: 'listJobs',
    path: (t, cursor) => `/api/jobs?organizationId=${t.orgId}&kind=ses.refresh&cursor=${cursor}`,
    query: (t) => ({ list: 'jobs', scope: t.orgId, filters: { kind: 'ses.refresh' } }),
    otherQuery: (t) => ({ list: 'jobs', scope: t.orgId }),
    position: () => ({ id: ulid() }),
  },
  {
    route: 'listMessageLogs',
    path: (t, cursor) =>
      `/api/aws-accounts/${t.awsAccountId}/logs?organizationId=${t.orgId}&cursor=${cursor}`,
    query: (t) => ({ list: 'message-logs', scope: `${t.orgId}/${t.awsAccountId}`, filters: {} }),
    otherQuery: (t) => ({
      list: 'message-logs',
      scope: `${t.orgId}/${t.awsAccountId}`,
      filters: { status: 'delivered' },
    }),
    position: (t) => ({ sortKey: `LOG#${t.awsAccountId}#2026-01-01T00:00:00.000Z#m-1` }),
  },
  {
    route: 'listCampaigns',
    path: (t, cursor) => `/api/campaigns?organizationId=${t.orgId}&q=Paged&status=DRAFT&cursor=${cursor}`,
    query: (t) => ({ list: 'campaigns', scope: t.orgId, filters: { q: 'paged', status: 'DRAFT' } }),
    otherQuery: (t) => ({ list: 'campaigns', scope: t.orgId, filters: { q: 'paged', status: 'SENT' } }),
    position: (t) => ({ after: t.campaignId }),
  },
  {
    route: 'listPublicCampaigns',
    path: (_, cursor) => `/api/v1/campaigns?q=Paged&status=DRAFT&cursor=${cursor}`,
    query: (t) => ({ list: 'campaigns', scope: t.orgId, filters: { q: 'paged', status: 'DRAFT' } }),
    otherQuery: (t) => ({ list: 'campaigns', scope: t.orgId, filters: { q: 'paged', status: 'SENT' } }),
    position: (t) => ({ after: t.campaignId }),
    client: (t) => keyed(t.campaignsKey) as unknown as Client,
  },
  {
    route: 'listPublicContacts',
    path: (_, cursor) => `/api/v1/contacts?searchQuery=Ann&cursor=${cursor}`,
    query: (t) => ({ list: 'contacts', scope: t.orgId, filters: { searchQuery: 'ann' } }),
    otherQuery: (t) => ({ list: 'contacts', scope: t.orgId, filters: { searchQuery: 'bob' } }),
    position: () => ({ phase: 0, after: 'ann@example.com' }),
    client: (t) => keyed(t.audienceKey) as unknown as Client,
  },
  {
    route: 'listAuditLog',
    path: (t, cursor) => `/api/organizations/${t.orgId}/audit-log?action=member.joined&cursor=${cursor}`,
    query: (t) => ({ list: 'audit-log', scope: t.orgId, filters: { action: 'member.joined' } }),
    otherQuery: (t) => ({ list: 'audit-log', scope: t.orgId, filters: { action: 'member.removed' } }),
    position: () => ({ after: '2026-01-01T00:00:00.000Z#01J000000000000000000000AA' }),
  },
  {
    route: 'listApiKeys',
    path: (t, cursor) => `/api/api-keys?organizationId=${t.orgId}&cursor=${cursor}`,
    query: (t) => ({ list: 'api-keys', scope: t.orgId }),
    otherQuery: (t) => ({ list: 'api-keys', scope: t.orgId, filters: { revoked: true } }),
    position: () => ({ keyId: ulid() }),
  },
  {
    route: 'listWebhookDeliveries',
    path: (t, cursor) =>
      `/api/webhooks/endpoints/${t.webhookEndpointId}/deliveries?organizationId=${t.orgId}&status=failed&cursor=${cursor}`,
    query: (t) => ({
      list: 'webhook-deliveries',
      scope: `${t.orgId}/${t.webhookEndpointId}`,
      filters: { status: 'failed' },
    }),
    otherQuery: (t) => ({
      list: 'webhook-deliveries',
      scope: `${t.orgId}/${t.webhookEndpointId}`,
      filters: { status: 'succeeded' },
    }),
    position: (t) => ({ sk: `DELIVERY#${t.webhookEndpointId}#01J000000000000000000000AA` }),
  },
  {
    route: 'getSuppressionSync',
    path: (t, cursor) => `/api/audience/suppression-sync?organizationId=${t.orgId}&cursor=${cursor}`,
    query: (t) => ({ list: 'suppression-sync', scope: t.orgId }),
    otherQuery: (t) => ({
      list: 'suppression-sync',
      scope: t.orgId,
      filters: { awsAccountId: t.awsAccountId },
    }),
    position: (t) => ({ after: t.awsAccountId }),
  },
  {
    route: 'listContacts',
    path: (t, cursor) => `/api/contacts?organizationId=${t.orgId}&searchQuery=Ann&cursor=${cursor}`,
    query: (t) => ({ list: 'contacts', scope: t.orgId, filters: { searchQuery: 'ann' } }),
    otherQuery: (t) => ({ list: 'contacts', scope: t.orgId, filters: { searchQuery: 'bob' } }),
    position: () => ({ phase: 0, after: 'ann@example.com' }),
  },
  {
    route: 'listCampaignAudienceActions',
    path: (t, cursor) =>
      `/api/campaigns/${t.campaignId}/audience-actions?organizationId=${t.orgId}&cursor=${cursor}`,
    query: (t) => ({ list: 'campaign-audience-actions', scope: `${t.orgId}/${t.campaignId}` }),
    // The same list of another campaign (the template's id stands in for one).
    otherQuery: (t) => ({ list: 'campaign-audience-actions', scope: `${t.orgId}/${t.templateId}` }),
    position: () => ({ before: ulid() }),
  },
  {
    route: 'listCampaignRecipients',
    path: (t, cursor) =>
      `/api/campaigns/${t.campaignId}/recipients?organizationId=${t.orgId}&status=FAILED&cursor=${cursor}`,
    query: (t) => ({
      list: 'campaign-recipients',
      scope: `${t.orgId}/${t.campaignId}`,
      filters: { status: 'FAILED' },
    }),
    otherQuery: (t) => ({
      list: 'campaign-recipients',
      scope: `${t.orgId}/${t.campaignId}`,
      filters: { status: 'SENT' },
    }),
    position: () => ({ after: '01J000000000000000000000AA' }),
  },
  {
    route: 'getContactActivity',
    path: (t, cursor) => `/api/contacts/${t.contactId}/activity?organizationId=${t.orgId}&cursor=${cursor}`,
    query: (t) => ({ list: 'contact-activity', scope: `${t.orgId}/${t.contactId}`, filters: {} }),
    otherQuery: (t) => ({ list: 'contact-activity', scope: `${t.orgId}/${ulid()}`, filters: {} }),
    position: (t) => ({ campaignId: t.campaignId, skip: 0 }),
  },
  {
    route: 'listInvoices',
    path: (t, cursor) => `/api/payments/invoices?organizationId=${t.orgId}&cursor=${cursor}`,
    query: (t) => ({ list: 'invoices', scope: t.orgId }),
    otherQuery: (t) => ({ list: 'jobs', scope: t.orgId }),
    position: () => ({ stripeId: 'in_1PageCursorTest' }),
  },
  {
    route: 'listAdminInvoices',
    path: (_t, cursor) => `/api/admin/invoices?from=${range.from}&to=${range.to}&cursor=${cursor}`,
    query: () => ({ list: 'admin-invoices', scope: 'all', filters: range }),
    otherQuery: () => ({ list: 'admin-invoices', scope: 'all', filters: { ...range, from: '2020-01-01' } }),
    position: () => ({ stripeId: 'in_1PageCursorTest' }),
    client: () => operator,
    followValid: false,
  },
]

async function tenant(): Promise<Tenant> {
  const base = await orgWithAccount('TEAM_MONTHLY')
  const created = await base.owner.api.post(`/api/templates?organizationId=${base.orgId}`, {
    name: 'welcome',
    editorType: 'HTML',
    subject: 'Hello',
    source: '<html><body><p>Hi</p></body></html>',
    tags: ['news'],
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const campaign = await base.owner.api.post(`/api/campaigns?${base.q}`, { name: 'Paged' })
  expect(campaign.status, JSON.stringify(campaign.body)).toBe(201)
  const contact = await createContact(base.owner, base.orgId, { email: uniqueEmail('paged') })
  const campaignsKey = await keyFor(base, ['campaigns:read'])
  const audienceKey = await keyFor(base, ['contacts:read', 'topics:read'])
  // The test stack allows loopback receivers; nothing is delivered here.
  const endpoint = await base.owner.api.post(`/api/webhooks/endpoints?organizationId=${base.orgId}`, {
    url: 'http://127.0.0.1:9/hook',
    eventTypes: ['campaign.paused'],
  })
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201)
  return {
    ...base,
    templateId: created.body.id,
    campaignId: campaign.body.id,
    contactId: contact.id,
    campaignsKey,
    audienceKey,
    webhookEndpointId: endpoint.body.endpoint.id,
  }
}

let mine: Tenant
let theirs: Tenant

beforeAll(async () => {
  ;[mine, theirs] = await Promise.all([tenant(), tenant()])
  const token = await mintIdToken(stack, {
    sub: mine.owner.sub,
    'cognito:username': mine.owner.sub,
    email: mine.owner.email,
    'cognito:groups': [ADMIN_GROUP],
  })
  operator = api(token)
})

function expectRefused(
  answer: { status: number; body: { error?: { code: string; message: string } } },
  why: string,
) {
  expect(answer.status, why).toBe(400)
  expect(answer.body.error?.code, why).toBe('request.invalid')
}

/** Lists answered whole, on one page (`nextCursor` always null): each is small by rule (topics ≤ 20 …). */
const WHOLE_LISTS: Record<string, (t: Tenant) => string> = {
  listAwsAccounts: (t) => `/api/aws-accounts?organizationId=${t.orgId}`,
  listEmailIdentities: (t) => `/api/email-identities?awsAccountId=${t.awsAccountId}`,
  listTags: (t) => `/api/tags?organizationId=${t.orgId}`,
  listTopics: (t) => `/api/topics?organizationId=${t.orgId}`,
  listWebhookEndpoints: (t) => `/api/webhooks/endpoints?organizationId=${t.orgId}`,
  listPublicTopics: () => '/api/v1/topics',
}
/** Whole lists of the public API, called with a key. */
const WHOLE_LIST_CLIENTS: Record<string, (t: Tenant) => Client> = {
  listPublicTopics: (t) => keyed(t.audienceKey) as unknown as Client,
}

const shapeOf = (schema: unknown) =>
  schema && typeof schema === 'object' && 'shape' in schema ? (schema.shape as Record<string, unknown>) : {}

describe('page cursors on every list route', () => {
  it('covers every list route: each answers a Page, by cursor or whole', () => {
    const lists = ROUTE_LIST.filter((route) => {
      const response = shapeOf(route.response)
      return route.method === 'GET' && 'items' in response && 'nextCursor' in response
    })
    const paged = lists.filter((route) => 'cursor' in shapeOf(route.query)).map((route) => route.id)
    const whole = lists.filter((route) => !('cursor' in shapeOf(route.query))).map((route) => route.id)
    expect(paged.sort()).toEqual(CASES.map((c) => c.route).sort())
    expect(whole.sort()).toEqual(Object.keys(WHOLE_LISTS).sort())
    // No list answers another shape, nor takes a cursor by another name.
    const others = ROUTE_LIST.filter((route) => route.method === 'GET' && 'page' in shapeOf(route.query))
    expect(others.map((route) => route.id)).toEqual([])
  })

  it.each(Object.entries(WHOLE_LISTS))(
    '%s: answers its whole list and refuses a cursor',
    async (id, path) => {
      const client = WHOLE_LIST_CLIENTS[id]?.(mine) ?? mine.owner.api
      const whole = await client.get(path(mine))
      expect(whole.status, JSON.stringify(whole.body)).toBe(200)
      expect(whole.body).toMatchObject({ items: expect.any(Array), nextCursor: null })
      const cursor = encodeCursor({ list: 'topics', scope: mine.orgId }, { after: mine.orgId })
      const withCursor = `${path(mine)}${path(mine).includes('?') ? '&' : '?'}cursor=${cursor}`
      expectRefused(await client.get(withCursor), 'a cursor on a whole list')
    },
  )

  it.each(CASES)(
    '$route: follows its own cursor, refuses forged, tampered, other-query and other-tenant ones',
    async (c) => {
      const client = c.client?.(mine) ?? mine.owner.api
      const own = encodeCursor(c.query(mine), c.position(mine))
      if (c.followValid !== false) {
        const valid = await client.get(c.path(mine, own))
        expect(valid.status, JSON.stringify(valid.body)).toBe(200)
        expect(valid.body.items).toEqual(expect.any(Array))
        expect(valid.body.nextCursor === null || typeof valid.body.nextCursor === 'string').toBe(true)
      }
      const [payload, mac] = own.split('.') as [string, string]
      const tampered = `${Buffer.from(JSON.stringify(c.position(theirs)).replace(/\d/, '9')).toString('base64url')}.${mac}`
      const cases: [string, string][] = [
        ['made up', 'bm90LWEtY3Vyc29y'],
        ['forged signature', `${payload}.${Buffer.alloc(32, 7).toString('base64url')}`],
        ['tampered position', tampered],
        ['another query', encodeCursor(c.otherQuery(mine), c.position(mine))],
      ]
      // A list of every organization (the operators' invoices) has no other tenant to take a cursor from.
      if (JSON.stringify(c.query(theirs)) !== JSON.stringify(c.query(mine)))
        cases.push(['another tenant', encodeCursor(c.query(theirs), c.position(theirs))])
      for (const [why, cursor] of cases) {
        const answer = await client.get(c.path(mine, cursor))
        expectRefused(answer, `${c.route}: ${why}`)
        expect(answer.body.error.message, why).toContain('query.cursor')
      }
    },
  )
})

/**
 * Walking a list page by page returns each of its items once. Seeded through bulk paths (the importer's batch write,
 * the message log's own writer) where one exists; small pages so that each walk crosses several.
 */
interface Walk {
  name: string
  /** The list's path with its filters and a small limit; the walk adds `&cursor=`. */
  path: (t: Tenant) => string
  /** Seeds the list and answers every id it must return. */
  seed: (t: Tenant) => Promise<string[]>
  idOf: (item: Record<string, unknown>) => string
}

const byId = (item: Record<string, unknown>) => String(item.id)

async function walk(
  client: Client,
  path: string,
  idOf: Walk['idOf'],
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const answer = await client.get(`${path}${cursor ? `&cursor=${cursor}` : ''}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    ids.push(...answer.body.items.map(idOf))
    cursor = answer.body.nextCursor
    pages += 1
    expect(pages, 'a walk that never ends').toBeLessThan(50)
  } while (cursor)
  return { ids, pages }
}

let walker: Tenant
let walkerCampaigns: string[]

const WALKS: Walk[] = [
  {
    name: 'campaigns',
    path: (t) => `/api/campaigns?organizationId=${t.orgId}&limit=2`,
    seed: async (t) => [t.campaignId, ...walkerCampaigns],
    idOf: byId,
  },
  {
    name: 'campaigns searched',
    path: (t) => `/api/campaigns?organizationId=${t.orgId}&q=WALK&limit=2`,
    seed: async () => walkerCampaigns,
    idOf: byId,
  },
  {
    name: 'campaigns of a status',
    path: (t) => `/api/campaigns?organizationId=${t.orgId}&status=DRAFT&limit=3`,
    seed: async (t) => [t.campaignId, ...walkerCampaigns],
    idOf: byId,
  },
  {
    name: 'suppression sync',
    path: (t) => `/api/audience/suppression-sync?organizationId=${t.orgId}&limit=1`,
    seed: async (t) => {
      const added = await Promise.all(
        [1, 2].map((n) =>
          t.owner.api.post(`/api/aws-accounts?organizationId=${t.orgId}`, {
            method: 'role',
            name: `Walk ${n}`,
            region: 'eu-west-1',
            roleArn: `arn:aws:iam::12345678901${n}:role/SesStudio`,
          }),
        ),
      )
      for (const answer of added) expect(answer.status, JSON.stringify(answer.body)).toBe(201)
      return [t.awsAccountId, ...added.map((answer) => answer.body.id as string)]
    },
    idOf: (item) => String(item.awsAccountId),
  },
  {
    name: 'contacts',
    path: (t) => `/api/contacts?organizationId=${t.orgId}&limit=2`,
    seed: async (t) => {
      const seeded = await upsertContacts(
        t.orgId,
        Array.from({ length: 5 }, (_, index) => ({ email: uniqueEmail(`walk${index}`) })),
        { existing: 'skip', topicIds: [], origin: { source: 'import' } },
      )
      return [t.contactId, ...seeded.map((row) => row.contactId as string)]
    },
    idOf: byId,
  },
  {
    name: 'message log',
    path: (t) => `/api/aws-accounts/${t.awsAccountId}/logs?organizationId=${t.orgId}&limit=25`,
    seed: async (t) => {
      const ids = Array.from({ length: 30 }, (_, index) => `walk-${index}-${ulid()}`)
      const base = Date.now() - 3_600_000
      await Promise.all(
        ids.map((messageId, index) => {
          const at = new Date(base + index * 1000).toISOString()
          return recordEvent(t.orgId, t.awsAccountId, ulid(), {
            type: 'SEND',
            messageId,
            sentAt: at,
            at,
            from: 'sender@example.com',
            recipients: ['ann@example.com'],
            subject: 'Walk',
            template: null,
            detail: null,
          })
        }),
      )
      return ids
    },
    idOf: (item) => String(item.messageId),
  },
]

describe('walking every page', () => {
  beforeAll(async () => {
    walker = await tenant()
    const created = await Promise.all(
      [1, 2, 3, 4].map((n) => walker.owner.api.post(`/api/campaigns?${walker.q}`, { name: `Walk ${n}` })),
    )
    walkerCampaigns = created.map((answer) => answer.body.id as string)
  })

  it.each(WALKS)('$name: each item once, over several pages', async (w) => {
    const expected = await w.seed(walker)
    const { ids, pages } = await walk(walker.owner.api, w.path(walker), w.idOf)
    expect(new Set(ids).size, 'an item listed twice').toBe(ids.length)
    expect(ids.sort()).toEqual([...expected].sort())
    expect(pages).toBeGreaterThan(1)
  })
})
