import { AUDIT_CSV_COLUMNS, INLINE_EXPORT_BYTES } from '@app/contracts'
import { exportAuditLog } from '@app/core/audit/public'
import { auditSubscribers } from '@app/core/audit/subscribers'
import { newEvent, publish } from '@app/core/events/outbox'
import { organizationContext } from '@app/core/organizations/context'
import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditCases, EVIL } from './audit-log-events'
import { addMember, setSubscription } from './seed'
import { newUser } from './stack'

/**
 * The audit log (issue 31): an entry per audited event with its actor, target and change (API keys and topics
 * driven through the API, every other type published through the outbox as its domain does); owners and admins
 * only, per organization; filters, cursor pages, the CSV (formula cells escaped; a large one through the export
 * job); a redelivered event recorded once.
 */
type User = Awaited<ReturnType<typeof newUser>>
type Entry = { id: string; occurredAt: string; action: string; actor: Record<string, unknown> } & Record<
  string,
  // biome-ignore lint/suspicious/noExplicitAny: entries are checked field by field
  any
>

let owner: User
let admin: User
let member: User
let outsider: User
let orgId: string
const OLD_DAY = '2026-01-15'
const ownerPrincipal = () => ({ type: 'user' as const, accountId: owner.sub, email: owner.email })

const logPath = (query = '', org = orgId) => `/api/organizations/${org}/audit-log${query ? `?${query}` : ''}`

/** Every entry the query selects, page by page (100 a page), read until `until` holds (the dispatcher is async). */
async function entries(query: string, until: (found: Entry[]) => boolean, user = owner): Promise<Entry[]> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const found: Entry[] = []
    let cursor: string | null = null
    do {
      const answer = await user.api.get(
        logPath([query, 'limit=100', cursor ? `cursor=${cursor}` : ''].filter(Boolean).join('&')),
      )
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      found.push(...answer.body.items)
      cursor = answer.body.nextCursor
    } while (cursor)
    if (until(found)) return found
    if (Date.now() > deadline) throw new Error(`audit log never matched: ${JSON.stringify(found)}`)
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}

const cases = () => auditCases(orgId)
let published: { id: string; index: number }[] = []

beforeAll(async () => {
  ;[owner, admin, member, outsider] = await Promise.all([newUser(), newUser(), newUser(), newUser()])
  orgId = (await owner.api.get('/api/account')).body.organizations[0].id
  await Promise.all([
    setSubscription(orgId, 'TEAM_MONTHLY', 'active'),
    addMember(orgId, admin.sub, 'ADMIN'),
    addMember(orgId, member.sub, 'MEMBER'),
  ])
  // Every audited type as its domain writes it (the first two on an old day, for the date filter).
  published = await Promise.all(
    cases().map(async (audit, index) => {
      const at = index < 2 ? new Date(`${OLD_DAY}T10:00:0${index}.000Z`) : new Date()
      const event = newEvent(audit.type, orgId, audit.payload, ownerPrincipal(), at)
      await publish(event)
      return { id: event.id, index }
    }),
  )
}, 60_000)

describe('audit log entries', () => {
  it('records each audited event with its actor, action, target and change', async () => {
    const ids = new Set(published.map((event) => event.id))
    const found = await entries('', (all) => all.filter((entry) => ids.has(entry.id)).length === ids.size)
    for (const { id, index } of published) {
      const audit = cases()[index]
      expect(found.find((entry) => entry.id === id)).toMatchObject({
        actor: { type: 'user', id: owner.sub, name: owner.email },
        action: audit?.action,
        target: audit?.target,
        change: audit?.change,
      })
    }
    // Newest first.
    const times = found.map((entry) => `${entry.occurredAt}#${entry.id}`)
    expect(times).toEqual([...times].sort().reverse())
  })

  it('records API keys created, rotated and revoked (by name, never the secret) and who made a topic', async () => {
    const keys = `/api/api-keys?organizationId=${orgId}`
    const created = await admin.api.post(keys, { name: 'Deploys', scopes: ['topics:read'] })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const keyId = created.body.apiKey.keyId
    const rotated = await admin.api.post(`/api/api-keys/${keyId}/rotate?organizationId=${orgId}`, {})
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200)
    expect((await admin.api.post(`/api/api-keys/${keyId}/revoke?organizationId=${orgId}`)).status).toBe(200)
    const topic = await member.api.post(`/api/topics?organizationId=${orgId}`, { name: 'Audit news' })
    expect(topic.status, JSON.stringify(topic.body)).toBe(201)

    const logged = await entries('action=api_key.', (all) => all.length === 3)
    const adminActor = { type: 'user', id: admin.sub, name: admin.email }
    const target = { type: 'api_key', id: keyId, label: 'Deploys' }
    expect(logged.map(({ action, actor, target }) => ({ action, actor, target }))).toEqual(
      ['api_key.revoked', 'api_key.rotated', 'api_key.created'].map((action) => ({
        action,
        actor: adminActor,
        target,
      })),
    )
    const text = JSON.stringify(logged)
    for (const secret of [created.body.key, rotated.body.key]) expect(text).not.toContain(secret.slice(-20))

    const byMember = await entries(`member=${member.sub}`, (all) => all.length === 1)
    expect(byMember[0]).toMatchObject({
      action: 'topic.created',
      actor: { type: 'user', id: member.sub, name: member.email },
      target: { type: 'topic', id: topic.body.id, label: 'Audit news' },
    })
  })

  it('names an API key that made a change by its name', async () => {
    const created = await owner.api.post(`/api/api-keys?organizationId=${orgId}`, {
      name: 'Topic bot',
      scopes: ['topics:write'],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const topic = await owner.api.request('POST', '/api/v1/topics', {
      headers: { authorization: `Bearer ${created.body.key}` },
      body: { name: 'Made by a key' },
    })
    expect(topic.status, JSON.stringify(topic.body)).toBe(201)
    const [entry] = await entries('action=topic.created', (all) =>
      all.some((found) => found.target.label === 'Made by a key'),
    )
    expect(entry).toMatchObject({
      actor: { type: 'apiKey', id: created.body.apiKey.keyId, name: 'Topic bot' },
      target: { type: 'topic', label: 'Made by a key' },
    })
  })

  it('records a redelivered event once', async () => {
    const event = newEvent('topic.deleted', orgId, { topicId: 'P9', name: 'Gone' }, ownerPrincipal())
    const subscriber = auditSubscribers.find((each) => each.name === 'audit.record:topic.deleted')
    if (!subscriber) throw new Error('no audit subscriber for topic.deleted')
    // Delivered twice (a dispatcher retried after a crash, a stream redelivery): the second writes nothing.
    await subscriber.handle(event, {})
    await subscriber.handle(event, {})
    const found = await entries('action=topic.deleted', (all) => all.length > 0)
    expect(found.map((entry) => entry.id)).toEqual([event.id])
  })
})

describe('audit log access and queries', () => {
  it('answers owners and admins; a member 403, another organization 404, and shows nothing of it elsewhere', async () => {
    expect((await admin.api.get(logPath())).status).toBe(200)
    const asMember = await member.api.get(logPath())
    expect(asMember.status).toBe(403)
    expect(asMember.body.error.code).toBe('permission.denied')
    for (const answer of [
      await outsider.api.get(logPath()),
      await outsider.api.post(`${logPath()}/export`, {}),
      await member.api.post(`${logPath()}/export`, {}),
    ])
      expect([403, 404]).toContain(answer.status)
    expect((await outsider.api.get(logPath())).status).toBe(404)
    const own = (await outsider.api.get('/api/account')).body.organizations[0].id
    const theirs = await outsider.api.get(logPath('', own))
    expect(theirs.status).toBe(200)
    const ids = new Set(published.map((event) => event.id))
    expect(theirs.body.items.filter((entry: Entry) => ids.has(entry.id))).toEqual([])
  })

  it('filters by action, area and days, and pages by a cursor bound to its query', async () => {
    const all = await entries('', (found) => found.length >= published.length)
    expect((await entries('action=template.', () => true)).map((entry) => entry.action).sort()).toEqual(
      all
        .filter((entry) => entry.action.startsWith('template.'))
        .map((entry) => entry.action)
        .sort(),
    )
    const roles = await entries('action=member.role_changed', () => true)
    expect(roles.map((entry) => entry.change)).toEqual([{ before: 'ADMIN', after: 'MEMBER', summary: null }])
    const old = await entries(`from=${OLD_DAY}&to=${OLD_DAY}`, () => true)
    expect(old.map((entry) => entry.id).sort()).toEqual(
      published
        .slice(0, 2)
        .map((event) => event.id)
        .sort(),
    )
    expect(await entries(`from=2026-01-16&to=2026-01-16`, () => true)).toEqual([])

    const pages: Entry[] = []
    let cursor: string | null = null
    do {
      const answer = await owner.api.get(logPath(`limit=7${cursor ? `&cursor=${cursor}` : ''}`))
      expect(answer.status).toBe(200)
      expect(answer.body.items.length).toBeLessThanOrEqual(7)
      pages.push(...answer.body.items)
      cursor = answer.body.nextCursor
    } while (cursor)
    expect(pages.map((entry) => entry.id)).toEqual(all.map((entry) => entry.id))

    const first = await owner.api.get(logPath('limit=2'))
    const next = first.body.nextCursor
    for (const query of [
      `cursor=${next}&action=template.`,
      `cursor=${next.slice(0, -2)}xx`,
      'action=nope',
      'action=template',
      'from=2026-02-01&to=2026-01-01',
      'from=yesterday',
      'member=not-an-account',
      'limit=101',
      'extra=1',
    ]) {
      const answer = await owner.api.get(logPath(query))
      expect(answer.status, query).toBe(400)
      expect(answer.body.error.code, query).toBe('request.invalid')
    }
    expect((await owner.api.post(`${logPath()}/export`, { action: 'nope' })).status).toBe(400)
  })
})

describe('audit log CSV', () => {
  const records = (text: string) =>
    parse(text.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][]

  it('answers a small export at once, formula cells escaped', async () => {
    const answer = await owner.api.request('POST', `${logPath()}/export`, {
      body: { action: 'template.saved' },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/csv')
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const [header, ...rows] = records(String(answer.body))
    expect(header).toEqual([...AUDIT_CSV_COLUMNS])
    expect(rows).toHaveLength(1)
    expect(rows[0]).toEqual([
      expect.any(String),
      'user',
      owner.sub,
      owner.email,
      'template.saved',
      'Template saved',
      'template',
      'T1',
      `'${EVIL}`,
      '',
      'version 2',
      '',
    ])
  })

  it('writes a large export through the export job: the same rows in S3', async () => {
    const inline = await owner.api.request('POST', `${logPath()}/export`, { body: { action: 'member.' } })
    const actor = {
      kind: 'user' as const,
      accountId: owner.sub,
      username: owner.sub,
      email: owner.email,
      emailVerified: true,
      groups: [],
    }
    const context = await organizationContext(actor, orgId, 'audit.read')
    const answer = await exportAuditLog(
      context,
      { action: 'member.' },
      { rows: 1, bytes: INLINE_EXPORT_BYTES },
    )
    if (!('accepted' in answer)) throw new Error('expected the export job')
    const deadline = Date.now() + 30_000
    let done = answer.accepted
    while (done.status === 'queued' || done.status === 'running') {
      if (Date.now() > deadline) throw new Error('the export job did not finish')
      await new Promise((resolve) => setTimeout(resolve, 200))
      done = (await owner.api.get(`${logPath()}/export/${answer.accepted.id}`)).body
    }
    const expected = records(String(inline.body))
    expect(expected.length).toBeGreaterThan(2)
    expect(done).toMatchObject({ status: 'succeeded', rows: expected.length - 1 })
    const file = await fetch(String(done.downloadUrl))
    expect(records(await file.text())).toEqual(expected)
    expect((await member.api.get(`${logPath()}/export/${answer.accepted.id}`)).status).toBe(403)
  })
})
