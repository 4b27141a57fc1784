import { randomBytes } from 'node:crypto'
import { ROUTE_LIST } from '@app/contracts'
import { type Actor, Templates } from '@app/core'
import { dynamo } from '@app/core/aws'
import { organizationKey, organizationPartition, templateVersionPrefix } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { organizationContext } from '@app/core/organizations/context'
import { createLocalCustomerAccount, verifyLocalIdentity } from '@app/local-stack/testing/local-aws'
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { orgState } from './fixtures'
import { addMember, setSubscription } from './seed'
import { newUser, stack, uniqueEmail, waitForMail } from './stack'

type User = Awaited<ReturnType<typeof newUser>>

/** A user whose organization is on START (5 actions a month) or on a paid plan (unlimited). */
async function owner(plan: 'START' | 'TEAM_MONTHLY' = 'START') {
  const user = await newUser()
  const orgId: string = (await user.api.get('/api/account')).body.selectedOrganization
  if (plan === 'START') await user.api.patch(`/api/organizations/${orgId}`, { plan: 'START' })
  else await setSubscription(orgId, plan, 'active')
  return { user, orgId }
}

const actionsLeft = async (user: User, orgId: string) =>
  (
    (await user.api.get('/api/account')).body.organizations as {
      id: string
      availableActions: number | null
    }[]
  ).find((org) => org.id === orgId)?.availableActions

const html = (body: string) => `<html><body>${body}</body></html>`

function create(user: User, orgId: string, body: Record<string, unknown>) {
  return user.api.post(`/api/templates?organizationId=${orgId}`, body)
}

async function createHtml(user: User, orgId: string, name: string, extra: Record<string, unknown> = {}) {
  const created = await create(user, orgId, {
    name,
    editorType: 'HTML',
    subject: 'Hello {{firstName}}',
    source: html('<p>Hi {{firstName}}</p>'),
    sampleData: [{ name: 'Default', data: { firstName: 'Maya' } }],
    ...extra,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body
}

/** Moves a paid organization to START with a fresh month (as billing does when a subscription ends). */
async function switchToStart(orgId: string) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: organizationKey(orgId),
      UpdateExpression: 'SET #plan = :start REMOVE subscriptionStatus, actionsMonth, actionsSpent',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: { ':start': 'START' },
    }),
  )
}

const actorOf = (user: User): Actor => ({
  kind: 'user',
  accountId: user.sub,
  username: user.sub,
  email: user.email,
  emailVerified: true,
  groups: [],
})

async function countVersionItems(orgId: string, templateId: string) {
  const { Count } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': organizationPartition(orgId),
        ':prefix': templateVersionPrefix(templateId),
      },
      Select: 'COUNT',
    }),
  )
  return Count ?? 0
}

describe('templates: create, read, update, delete', () => {
  it('creates from fields, compiles, reads, saves a new version, renames and deletes', async () => {
    const { user, orgId } = await owner('TEAM_MONTHLY')
    const created = await createHtml(user, orgId, 'order-shipped', {
      tags: ['Orders', ' orders', 'Shipping'],
    })
    expect(created).toMatchObject({
      organizationId: orgId,
      name: 'order-shipped',
      editorType: 'HTML',
      version: 1,
      tags: ['orders', 'shipping'],
      text: { mode: 'generated', custom: null },
      textPart: 'Hi {{firstName}}',
      html: html('<p>Hi {{firstName}}</p>'),
      variables: expect.arrayContaining([expect.objectContaining({ path: 'firstName', required: true })]),
      updatedBy: { accountId: user.sub, email: user.email },
    })
    expect((await user.api.get(`/api/templates/${created.id}`)).body).toEqual(created)

    const saved = await user.api.patch(`/api/templates/${created.id}`, {
      version: 1,
      name: 'order-sent',
      source: html('<p>Hello again {{firstName}}</p>'),
      text: { mode: 'custom', custom: 'Plain {{firstName}}' },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body).toMatchObject({
      name: 'order-sent',
      version: 2,
      textPart: 'Plain {{firstName}}',
      text: { mode: 'custom', custom: 'Plain {{firstName}}' },
      createdAt: created.createdAt,
    })
    // The old name is free again, the new one is taken.
    await createHtml(user, orgId, 'order-shipped')
    const taken = await create(user, orgId, { name: 'order-sent', editorType: 'HTML', source: '<p>x</p>' })
    expect(taken.status).toBe(409)
    expect(taken.body.error.code).toBe('template.name_exists')

    expect((await user.api.delete(`/api/templates/${created.id}`)).status).toBe(204)
    const gone = await user.api.get(`/api/templates/${created.id}`)
    expect(gone.status).toBe(404)
    expect(gone.body.error.code).toBe('template.not_found')
    expect((await user.api.patch(`/api/templates/${created.id}`, { version: 2, subject: 'x' })).status).toBe(
      404,
    )
    await createHtml(user, orgId, 'order-sent')
    // Versions go in the background.
    await expect.poll(() => countVersionItems(orgId, created.id), { timeout: 30_000, interval: 250 }).toBe(0)
  })

  it('stores a template near SES’s 500 KB limit (its content spans several items) and its versions', async () => {
    const { user, orgId } = await owner('TEAM_MONTHLY')
    // Incompressible text, so the compressed content still exceeds one 400 KB DynamoDB item.
    const noise = (bytes: number) => randomBytes(Math.floor((bytes * 3) / 4)).toString('base64')
    const source = html(`<p>${noise(480 * 1024)}</p>`)
    const created = await createHtml(user, orgId, 'large', {
      source,
      text: { mode: 'custom', custom: 'Short' },
    })
    expect(created.source).toBe(source)
    const saved = await user.api.patch(`/api/templates/${created.id}`, {
      version: 1,
      source: html(`<p>${noise(470 * 1024)}</p>`),
    })
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200)
    expect((await user.api.get(`/api/templates/${created.id}/versions/1`)).body.source).toBe(source)
    expect((await user.api.get(`/api/templates/${created.id}`)).body.source).toBe(saved.body.source)
  })

  it('creates from a starter (MJML compiled, sample data, text strategy) and lets fields win', async () => {
    const { user, orgId } = await owner('TEAM_MONTHLY')
    const welcome = await create(user, orgId, { name: 'welcome', starter: 'welcome' })
    expect(welcome.status, JSON.stringify(welcome.body)).toBe(201)
    expect(welcome.body).toMatchObject({
      editorType: 'MJML',
      subject: 'Welcome to {{organizationName}}, {{firstName}}!',
      sampleData: [{ name: 'Default', data: { firstName: 'Maya' } }],
    })
    expect(welcome.body.source).toContain('<mjml')
    expect(welcome.body.html).toContain('<!doctype html>')
    expect(welcome.body.html).toContain('{{firstName}}')
    expect(welcome.body.html).toContain('{{postalAddress}}')
    expect(welcome.body.textPart).toContain('Welcome, {{firstName}}!')
    expect(welcome.body.lint.filter((finding: { severity: string }) => finding.severity === 'error')).toEqual(
      [],
    )

    const verify = await create(user, orgId, {
      name: 'verify',
      starter: 'verify-email',
      subject: 'Confirm it',
    })
    expect(verify.body).toMatchObject({ subject: 'Confirm it', text: { mode: 'custom' } })
  })

  it('lets every member write, and keeps lint warnings without refusing', async () => {
    const { user, orgId } = await owner('TEAM_MONTHLY')
    const member = await newUser()
    await addMember(orgId, member.sub, 'MEMBER')
    const made = await createHtml(member, orgId, 'by-member', {
      source: html('<a href="http://example.com">x</a><img src="https://example.com/a.png">'),
    })
    expect(made.lint.map((finding: { rule: string }) => finding.rule)).toEqual(
      expect.arrayContaining(['link.not_https', 'image.missing_alt']),
    )
    expect((await user.api.get(`/api/templates/${made.id}`)).body.updatedBy.email).toBe(member.email)
  })
})

describe('templates: copy, list, tags', () => {
  it('copies under a new name with its own history', async () => {
    const { user, orgId } = await owner('TEAM_MONTHLY')
    const original = await createHtml(user, orgId, 'receipt', { tags: ['billing'] })
    await user.api.patch(`/api/templates/${original.id}`, {
      version: 1,
      subject: 'Receipt for {{firstName}}',
    })
    const copy = await user.api.post(`/api/templates/${original.id}`, { newName: 'receipt-copy' })
    expect(copy.status, JSON.stringify(copy.body)).toBe(201)
    expect(copy.body).toMatchObject({
      name: 'receipt-copy',
      version: 1,
      subject: 'Receipt for {{firstName}}',
      tags: ['billing'],
      source: original.source,
    })
    expect(copy.body.id).not.toBe(original.id)
    const versions = await user.api.get(`/api/templates/${copy.body.id}/versions`)
    expect(versions.body.items).toMatchObject([{ version: 1, action: 'copy' }])
    const clash = await user.api.post(`/api/templates/${original.id}`, { newName: 'receipt' })
    expect(clash.status).toBe(409)
    expect(clash.body.error.code).toBe('template.name_exists')
  })

  it('searches by name, filters by tag, sorts and pages with a cursor', async () => {
    const { user, orgId } = await owner('TEAM_MONTHLY')
    const names = ['alpha-welcome', 'Beta-receipt', 'gamma-welcome', 'delta', 'epsilon-welcome']
    for (const [index, name] of names.entries()) {
      await createHtml(user, orgId, name, { tags: index % 2 === 0 ? ['onboarding'] : ['billing'] })
    }
    const byName = await user.api.get(`/api/templates?organizationId=${orgId}&sort=name`)
    expect(byName.status, JSON.stringify(byName.body)).toBe(200)
    expect(byName.body.items.map((row: { name: string }) => row.name)).toEqual([
      'alpha-welcome',
      'Beta-receipt',
      'delta',
      'epsilon-welcome',
      'gamma-welcome',
    ])
    expect(byName.body.items[0]).not.toHaveProperty('source')
    expect(byName.body.items[0]).not.toHaveProperty('html')

    const newest = await user.api.get(`/api/templates?organizationId=${orgId}`)
    expect(newest.body.items.map((row: { name: string }) => row.name)).toEqual([...names].reverse())

    const search = await user.api.get(`/api/templates?organizationId=${orgId}&q=WELCOME&sort=name&order=desc`)
    expect(search.body.items.map((row: { name: string }) => row.name)).toEqual([
      'gamma-welcome',
      'epsilon-welcome',
      'alpha-welcome',
    ])
    const tagged = await user.api.get(`/api/templates?organizationId=${orgId}&tag=Billing`)
    expect(tagged.body.items.map((row: { name: string }) => row.name).sort()).toEqual([
      'Beta-receipt',
      'delta',
    ])

    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: Awaited<ReturnType<User['api']['get']>> = await user.api.get(
        `/api/templates?organizationId=${orgId}&sort=name&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      )
      expect(page.body.items.length).toBeLessThanOrEqual(2)
      seen.push(...page.body.items.map((row: { name: string }) => row.name))
      cursor = page.body.nextCursor
    } while (cursor)
    expect(seen).toEqual(byName.body.items.map((row: { name: string }) => row.name))

    const first = await user.api.get(`/api/templates?organizationId=${orgId}&sort=name&limit=2`)
    const misuse = await user.api.get(
      `/api/templates?organizationId=${orgId}&sort=updated&limit=2&cursor=${first.body.nextCursor}`,
    )
    expect(misuse.status).toBe(400)
    const forged = await user.api.get(`/api/templates?organizationId=${orgId}&cursor=bm90LWEtY3Vyc29y`)
    expect(forged.status).toBe(400)
  })

  it('lists tags with counts', async () => {
    const { user, orgId } = await owner('TEAM_MONTHLY')
    expect((await user.api.get(`/api/tags?organizationId=${orgId}`)).body).toEqual({
      items: [],
      nextCursor: null,
    })
    await createHtml(user, orgId, 'a', { tags: ['onboarding', 'Product'] })
    await createHtml(user, orgId, 'b', { tags: ['product'] })
    await createHtml(user, orgId, 'c')
    expect((await user.api.get(`/api/tags?organizationId=${orgId}`)).body).toEqual({
      items: [
        { tag: 'onboarding', count: 1 },
        { tag: 'product', count: 2 },
      ],
      nextCursor: null,
    })
  })
})

describe('templates: bulk delete', () => {
  it('deletes all or none', async () => {
    const { user, orgId } = await owner('TEAM_MONTHLY')
    const ids = [] as string[]
    for (const name of ['one', 'two', 'three']) ids.push((await createHtml(user, orgId, name)).id)
    const other = await owner('TEAM_MONTHLY')
    const foreign = (await createHtml(other.user, other.orgId, 'foreign')).id

    const before = await orgState(orgId)
    for (const templateIds of [
      [...ids, foreign],
      [...ids, '01ARZ3NDEKTSV4RRFFQ69G5FAV'],
    ]) {
      const refused = await user.api.request('DELETE', `/api/templates?organizationId=${orgId}`, {
        body: { templateIds },
      })
      expect(refused.status).toBe(404)
      expect(refused.body.error.code).toBe('template.not_found')
    }
    expect(await orgState(orgId)).toBe(before)
    expect((await other.user.api.get(`/api/templates/${foreign}`)).status).toBe(200)

    const deleted = await user.api.request('DELETE', `/api/templates?organizationId=${orgId}`, {
      body: { templateIds: ids.slice(0, 2) },
    })
    expect(deleted.status).toBe(204)
    const left = await user.api.get(`/api/templates?organizationId=${orgId}`)
    expect(left.body.items.map((row: { name: string }) => row.name)).toEqual(['three'])
  })

  it('deletes more templates than one transaction holds', { timeout: 120_000 }, async () => {
    const { user, orgId } = await owner('TEAM_MONTHLY')
    const ids: string[] = []
    for (let start = 0; start < 60; start += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, index) => createHtml(user, orgId, `bulk-${start + index}`)),
      )
      ids.push(...batch.map((template) => template.id))
    }
    const deleted = await user.api.request('DELETE', `/api/templates?organizationId=${orgId}`, {
      body: { templateIds: ids },
    })
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204)
    expect((await user.api.get(`/api/templates?organizationId=${orgId}`)).body.items).toEqual([])
    // The names are free again.
    await createHtml(user, orgId, 'bulk-0')
  })
})

describe('templates: the START quota', () => {
  it('costs one action per create, copy, save, restore and delete; the 6th gets 402 and changes nothing', async () => {
    const { user, orgId } = await owner('START')
    expect(await actionsLeft(user, orgId)).toBe(5)
    const template = await createHtml(user, orgId, 'quota')
    await user.api.post(`/api/templates/${template.id}`, { newName: 'quota-copy' })
    await user.api.patch(`/api/templates/${template.id}`, { version: 1, subject: 'Second' })
    const restored = await user.api.post(`/api/templates/${template.id}/versions/1/restore`)
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    const copy = (await user.api.get(`/api/templates?organizationId=${orgId}&q=copy`)).body.items[0]
    expect((await user.api.delete(`/api/templates/${copy.id}`)).status).toBe(204)
    expect(await actionsLeft(user, orgId)).toBe(0)

    const before = await orgState(orgId)
    const refusals = [
      await create(user, orgId, { name: 'sixth', editorType: 'HTML', source: '<p>x</p>' }),
      await user.api.patch(`/api/templates/${template.id}`, { version: 3, subject: 'Third' }),
      await user.api.post(`/api/templates/${template.id}`, { newName: 'another' }),
      await user.api.post(`/api/templates/${template.id}/versions/2/restore`),
      await user.api.delete(`/api/templates/${template.id}`),
      await user.api.request('DELETE', `/api/templates?organizationId=${orgId}`, {
        body: { templateIds: [template.id] },
      }),
    ]
    for (const refused of refusals) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(402)
      expect(refused.body.error.code).toBe('plan.actions_exhausted')
      expect(refused.body.error.message).toMatch(/Upgrade/)
    }
    expect(await orgState(orgId)).toBe(before)
    expect(await actionsLeft(user, orgId)).toBe(0)
    // Reading and test sends cost nothing.
    expect((await user.api.get(`/api/templates/${template.id}`)).status).toBe(200)

    // A new month restores the five (the clock injected into core).
    const nextMonth = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1, 0, 0, 1),
    )
    const inNextMonth = await Templates.updateTemplate(
      await organizationContext(actorOf(user), orgId, 'content.write'),
      template.id,
      { version: 3, subject: 'Next month' },
      nextMonth,
    )
    expect(inNextMonth.version).toBe(4)
  })

  it('restores the actions when the month turns (stored month in the past)', async () => {
    const { user, orgId } = await owner('START')
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: organizationKey(orgId),
        UpdateExpression: 'SET actionsMonth = :old, actionsSpent = :five',
        ExpressionAttributeValues: { ':old': '2000-01', ':five': 5 },
      }),
    )
    expect(await actionsLeft(user, orgId)).toBe(5)
    await createHtml(user, orgId, 'new-month')
    expect(await actionsLeft(user, orgId)).toBe(4)
  })

  it('refuses a bulk delete without an action for each template, deleting nothing', async () => {
    const { user, orgId } = await owner('START')
    const ids: string[] = []
    for (const name of ['a', 'b', 'c']) ids.push((await createHtml(user, orgId, name)).id)
    expect(await actionsLeft(user, orgId)).toBe(2)
    const before = await orgState(orgId)
    const refused = await user.api.request('DELETE', `/api/templates?organizationId=${orgId}`, {
      body: { templateIds: ids },
    })
    expect(refused.status).toBe(402)
    expect(await orgState(orgId)).toBe(before)
    const ok = await user.api.request('DELETE', `/api/templates?organizationId=${orgId}`, {
      body: { templateIds: ids.slice(0, 2) },
    })
    expect(ok.status).toBe(204)
    expect(await actionsLeft(user, orgId)).toBe(0)
  })

  it('never overspends under 20 concurrent saves of different templates', { timeout: 120_000 }, async () => {
    const { user, orgId } = await owner('TEAM_MONTHLY')
    const templates = await Promise.all(
      Array.from({ length: 20 }, (_, index) => createHtml(user, orgId, `concurrent-${index}`)),
    )
    await switchToStart(orgId)
    const results = await Promise.all(
      templates.map((template) =>
        user.api.patch(`/api/templates/${template.id}`, { version: 1, subject: 'Changed' }),
      ),
    )
    const statuses = results.map((result) => result.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(5)
    expect(statuses.filter((status) => status === 402)).toHaveLength(15)
    expect(await actionsLeft(user, orgId)).toBe(0)
    const listed = await user.api.get(`/api/templates?organizationId=${orgId}&limit=100`)
    expect(listed.body.items.filter((row: { version: number }) => row.version === 2)).toHaveLength(5)
  })

  it('spends one action when 20 saves race on the same version', { timeout: 60_000 }, async () => {
    const { user, orgId } = await owner('START')
    const template = await createHtml(user, orgId, 'race')
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        user.api.patch(`/api/templates/${template.id}`, { version: 1, subject: `Attempt ${index}` }),
      ),
    )
    const statuses = results.map((result) => result.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.every((status) => [200, 402, 409].includes(status))).toBe(true)
    expect(await actionsLeft(user, orgId)).toBe(3)
    expect((await user.api.get(`/api/templates/${template.id}`)).body.version).toBe(2)
  })
})

describe('templates: versions', () => {
  it('refuses a stale version with 409 and the current version', async () => {
    const { user, orgId } = await owner('TEAM_MONTHLY')
    const template = await createHtml(user, orgId, 'stale')
    expect((await user.api.patch(`/api/templates/${template.id}`, { version: 1, subject: 'A' })).status).toBe(
      200,
    )
    const before = await orgState(orgId)
    const stale = await user.api.patch(`/api/templates/${template.id}`, { version: 1, subject: 'B' })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toMatchObject({ code: 'version.conflict', currentVersion: 2 })
    expect(await orgState(orgId)).toBe(before)
  })

  it('lists, shows, diffs and restores versions', async () => {
    const { user, orgId } = await owner('TEAM_MONTHLY')
    const template = await create(user, orgId, { name: 'history', starter: 'welcome' })
    const id = template.body.id
    const v1 = template.body
    const edited = v1.source.replace('Open your dashboard', 'Go to your dashboard')
    const v2 = (
      await user.api.patch(`/api/templates/${id}`, {
        version: 1,
        source: edited,
        subject: 'Hi {{firstName}}',
      })
    ).body
    expect(v2.version).toBe(2)
    await user.api.patch(`/api/templates/${id}`, { version: 2, tags: ['welcome'] })

    const page1 = await user.api.get(`/api/templates/${id}/versions?limit=2`)
    expect(page1.body.items.map((version: { version: number }) => version.version)).toEqual([3, 2])
    const page2 = await user.api.get(`/api/templates/${id}/versions?limit=2&cursor=${page1.body.nextCursor}`)
    expect(page2.body).toMatchObject({ items: [{ version: 1, action: 'create' }], nextCursor: null })

    const first = await user.api.get(`/api/templates/${id}/versions/1`)
    expect(first.body).toMatchObject({ version: 1, subject: v1.subject, source: v1.source, html: v1.html })
    expect((await user.api.get(`/api/templates/${id}/versions/9`)).status).toBe(404)

    const diff = await user.api.get(`/api/templates/${id}/diff?from=1&to=2`)
    expect(diff.status, JSON.stringify(diff.body)).toBe(200)
    const part = (name: string) => diff.body.parts.find((entry: { part: string }) => entry.part === name)
    expect(part('subject')).toMatchObject({ changed: true })
    expect(
      part('source').changes.find((change: { kind: string }) => change.kind === 'added').value,
    ).toContain('Go to your dashboard')
    expect(
      part('source').changes.find((change: { kind: string }) => change.kind === 'removed').value,
    ).toContain('Open your dashboard')
    expect(part('html').changed).toBe(true)
    expect(part('text').changed).toBe(true)

    const restored = await user.api.post(`/api/templates/${id}/versions/1/restore`)
    expect(restored.body).toMatchObject({
      version: 4,
      subject: v1.subject,
      source: v1.source,
      tags: ['welcome'],
    })
    const latest = (await user.api.get(`/api/templates/${id}/versions?limit=1`)).body.items[0]
    expect(latest).toMatchObject({ version: 4, action: 'restore', restoredFrom: 1 })
    const same = await user.api.get(`/api/templates/${id}/diff?from=1&to=4`)
    expect(same.body.parts.every((entry: { changed: boolean }) => !entry.changed)).toBe(true)
  })
})

describe('templates: test sends', () => {
  it('sends the editor’s MJML with sample data, substituted by SES, for no action', {
    timeout: 60_000,
  }, async () => {
    const { user, orgId } = await owner('START')
    const account = await createLocalCustomerAccount(stack)
    const connected = await user.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
      method: 'keys',
      name: 'Test',
      region: 'us-east-1',
      accessKeyId: account.accessKeyId,
      secretAccessKey: account.secretAccessKey,
    })
    expect(connected.status, JSON.stringify(connected.body)).toBe(201)
    const sender = uniqueEmail()
    const recipient = uniqueEmail()
    for (const identity of [sender, recipient]) {
      await user.api.post('/api/email-identities', {
        awsAccountId: connected.body.id,
        type: 'EMAIL_ADDRESS',
        email: identity,
      })
      await verifyLocalIdentity(stack, { accountId: account.accountId, region: 'us-east-1', identity })
    }
    const sent = await user.api.post('/api/templates/tests', {
      email: recipient,
      contentType: 'MJML',
      content:
        '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{firstName}} from MJML</mj-text></mj-column></mj-section></mj-body></mjml>',
      subject: 'MJML test for {{firstName}}',
      organizationId: orgId,
      awsAccountId: connected.body.id,
      from: sender,
      sampleData: { firstName: 'Maya' },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const mail = await waitForMail(stack, { to: recipient, subjectIncludes: 'MJML test for Maya' })
    expect(mail.html).toContain('Hello Maya from MJML')
    expect(mail.html).not.toContain('{{firstName}}')
    expect(mail.html).not.toContain('<mj-text')
    // The text part is generated from the HTML, as a save does, and rendered with the same data.
    expect(mail.text).toContain('Hello Maya from MJML')

    const custom = await user.api.post('/api/templates/tests', {
      email: recipient,
      contentType: 'HTML',
      content: '<p>Hi {{firstName}}</p>',
      text: 'Plain hello to {{firstName}}',
      subject: 'Custom text for {{firstName}}',
      organizationId: orgId,
      awsAccountId: connected.body.id,
      from: sender,
      sampleData: { firstName: 'Ada' },
    })
    expect(custom.status, JSON.stringify(custom.body)).toBe(201)
    const customMail = await waitForMail(stack, { to: recipient, subjectIncludes: 'Custom text for Ada' })
    expect(customMail.text).toContain('Plain hello to Ada')
    expect(customMail.html).toContain('Hi Ada')
    expect(await actionsLeft(user, orgId)).toBe(5)

    const broken = await user.api.post('/api/templates/tests', {
      email: recipient,
      contentType: 'MJML',
      content: 'not mjml at all',
      subject: 'x',
      organizationId: orgId,
      awsAccountId: connected.body.id,
      from: sender,
    })
    expect(broken.status).toBeGreaterThanOrEqual(400)
    expect(broken.status).toBeLessThan(500)
  })
})

describe('templates: isolation and bad input', () => {
  it('answers 404 to strangers on every template route, and changes nothing', async () => {
    const { user, orgId } = await owner('TEAM_MONTHLY')
    const template = await createHtml(user, orgId, 'private')
    await user.api.patch(`/api/templates/${template.id}`, { version: 1, subject: 'Two' })
    const stranger = await owner('TEAM_MONTHLY')
    const before = await orgState(orgId)
    const routes = ROUTE_LIST.filter(
      (route) => route.group === 'templates' && route.id !== 'sendTemplateTest',
    )
    expect(routes.length).toBeGreaterThanOrEqual(12)
    const bodies: Record<string, unknown> = {
      createTemplate: { name: 'mine', editorType: 'HTML', source: '<p>x</p>' },
      updateTemplate: { version: 2, subject: 'Taken over' },
      copyTemplate: { newName: 'stolen' },
      deleteTemplates: { templateIds: [template.id] },
    }
    for (const route of routes) {
      const path = route.path
        .replace('{id}', template.id)
        .replace('{version}', '1')
        .concat(
          route.path === '/api/templates' || route.path === '/api/tags' ? `?organizationId=${orgId}` : '',
        )
        .concat(route.id === 'diffTemplateVersions' ? '?from=1&to=2' : '')
      const result = await stranger.user.api.request(route.method, path, { body: bodies[route.id] })
      expect(result.status, `${route.id} ${JSON.stringify(result.body)}`).toBe(404)
      expect(['template.not_found', 'organization.not_found'], route.id).toContain(result.body.error.code)
    }
    // An id that does not exist answers the same.
    const unknown = await stranger.user.api.get('/api/templates/01ARZ3NDEKTSV4RRFFQ69G5FAV')
    expect(unknown.body.error).toEqual(
      (await stranger.user.api.get(`/api/templates/${template.id}`)).body.error,
    )
    // The stranger's own organization cannot reach it either.
    const foreignBulk = await stranger.user.api.request(
      'DELETE',
      `/api/templates?organizationId=${stranger.orgId}`,
      {
        body: { templateIds: [template.id] },
      },
    )
    expect(foreignBulk.status).toBe(404)
    expect(await orgState(orgId)).toBe(before)
  })

  it('refuses bad input with 4xx { error: { code, message } } and changes nothing', async () => {
    const { user, orgId } = await owner('START')
    const template = await createHtml(user, orgId, 'valid')
    const before = await orgState(orgId)
    const left = await actionsLeft(user, orgId)
    const base = `/api/templates?organizationId=${orgId}`
    const cases: [string, string, unknown, number, string][] = [
      ['POST', base, { name: 'has space', editorType: 'HTML', source: '<p>x</p>' }, 400, 'request.invalid'],
      [
        'POST',
        base,
        { name: 'x'.repeat(65), editorType: 'HTML', source: '<p>x</p>' },
        400,
        'request.invalid',
      ],
      ['POST', base, { name: 'dot.name', editorType: 'HTML', source: '<p>x</p>' }, 400, 'request.invalid'],
      ['POST', base, { name: 'valid', editorType: 'HTML', source: '<p>x</p>' }, 409, 'template.name_exists'],
      [
        'POST',
        base,
        { name: 'hb', editorType: 'HTML', source: '<p>{{#if x}}open</p>' },
        400,
        'template.invalid',
      ],
      [
        'POST',
        base,
        { name: 'hb2', editorType: 'HTML', source: '<p>{{upper name}}</p>' },
        400,
        'template.invalid',
      ],
      [
        'POST',
        base,
        { name: 'subj', editorType: 'HTML', source: '<p>x</p>', subject: 'Hi {{' },
        400,
        'template.invalid',
      ],
      [
        'POST',
        base,
        { name: 'big', editorType: 'HTML', source: `<p>${'x'.repeat(600 * 1024)}</p>` },
        400,
        'request.invalid',
      ],
      [
        'POST',
        base,
        { name: 'extra', editorType: 'HTML', source: '<p>x</p>', owner: 'me' },
        400,
        'request.invalid',
      ],
      ['POST', base, { name: 'nostarter', starter: 'nope' }, 400, 'request.invalid'],
      [
        'POST',
        base,
        { name: 'tags', editorType: 'HTML', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
        400,
        'request.invalid',
      ],
      [
        'POST',
        base,
        {
          name: 'sets',
          editorType: 'HTML',
          sampleData: [
            { name: 'a', data: {} },
            { name: 'a', data: {} },
          ],
        },
        400,
        'request.invalid',
      ],
      [
        'POST',
        '/api/templates?organizationId=nope',
        { name: 'x', editorType: 'HTML' },
        400,
        'request.invalid',
      ],
      ['PATCH', `/api/templates/${template.id}`, { version: 1 }, 400, 'request.invalid'],
      [
        'PATCH',
        `/api/templates/${template.id}`,
        { version: 1, source: `<p>${'x'.repeat(600 * 1024)}</p>` },
        400,
        'request.invalid',
      ],
      [
        'PATCH',
        `/api/templates/${template.id}`,
        {
          version: 1,
          source: `<p>${'x'.repeat(300 * 1024)}</p>`,
          text: { mode: 'custom', custom: 'y'.repeat(300 * 1024) },
        },
        400,
        'template.invalid',
      ],
      ['PATCH', `/api/templates/${template.id}`, { version: 1, name: 'bad name' }, 400, 'request.invalid'],
      [
        'PATCH',
        `/api/templates/${template.id}`,
        { version: 1, source: '{{#each}}' },
        400,
        'template.invalid',
      ],
      [
        'PATCH',
        `/api/templates/${template.id}`,
        { version: 1, unknown: true, subject: 'x' },
        400,
        'request.invalid',
      ],
      ['PATCH', `/api/templates/${template.id}`, { subject: 'no version' }, 400, 'request.invalid'],
      ['PATCH', '/api/templates/not-an-id', { version: 1, subject: 'x' }, 400, 'request.invalid'],
      ['POST', `/api/templates/${template.id}`, { newName: 'bad name' }, 400, 'request.invalid'],
      ['POST', `/api/templates/${template.id}`, { newName: 'valid' }, 409, 'template.name_exists'],
      [
        'POST',
        `/api/templates/${template.id}/versions/7/restore`,
        undefined,
        404,
        'template_version.not_found',
      ],
      ['POST', `/api/templates/${template.id}/versions/zero/restore`, undefined, 400, 'request.invalid'],
      ['DELETE', base, { templateIds: [] }, 400, 'request.invalid'],
      ['DELETE', base, { templateIds: [template.id, template.id] }, 400, 'request.invalid'],
      ['DELETE', base, undefined, 415, 'request.unsupported_media_type'],
      ['GET', `${base}&sort=size`, undefined, 400, 'request.invalid'],
      ['GET', `${base}&limit=0`, undefined, 400, 'request.invalid'],
      ['GET', `/api/templates/${template.id}/diff?from=1`, undefined, 400, 'request.invalid'],
      ['GET', `/api/templates/${template.id}/diff?from=1&to=5`, undefined, 404, 'template_version.not_found'],
      ['GET', `/api/templates/${template.id}/versions?cursor=abc`, undefined, 400, 'request.invalid'],
      ['GET', '/api/tags', undefined, 400, 'request.invalid'],
    ]
    for (const [method, path, body, status, code] of cases) {
      const result = await user.api.request(method as 'GET', path, { body })
      const label = `${method} ${path.slice(0, 80)} ${JSON.stringify(body)?.slice(0, 120)}`
      expect(result.status, `${label} → ${JSON.stringify(result.body)}`).toBe(status)
      expect(result.body.error.code, label).toBe(code)
      expect(typeof result.body.error.message, label).toBe('string')
    }
    expect(await orgState(orgId)).toBe(before)
    expect(await actionsLeft(user, orgId)).toBe(left)
  })

  it('refuses template writes until the organization has a plan', async () => {
    const user = await newUser()
    const orgId: string = (await user.api.get('/api/account')).body.selectedOrganization
    const refused = await create(user, orgId, { name: 'early', editorType: 'HTML', source: '<p>x</p>' })
    expect(refused.status).toBe(402)
    expect(refused.body.error.code).toBe('plan.actions_exhausted')
    expect((await user.api.get(`/api/templates?organizationId=${orgId}`)).body.items).toEqual([])
  })

  it('says where broken Handlebars is (line and column)', async () => {
    const { user, orgId } = await owner('START')
    const refused = await create(user, orgId, {
      name: 'broken',
      editorType: 'HTML',
      source: '<p>one</p>\n<p>two</p>\n<p>{{name</p>',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe('template.invalid')
    expect(refused.body.error.issues[0]).toMatchObject({
      rule: 'handlebars.syntax',
      part: 'html',
      line: 3,
      column: 6,
    })
    expect(refused.body.error.message).toMatch(/line 3/)
    expect(await actionsLeft(user, orgId)).toBe(5)
  })
})
