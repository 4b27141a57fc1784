import { dynamo } from '@app/core/aws'
import { blockKey, migrationKey, templateKey } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { CURRENT_MIGRATION, migrateOrganization } from '@app/core/migrations/migrations'
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { setSubscription } from './seed'
import { newUser } from './stack'

type User = Awaited<ReturnType<typeof newUser>>

async function team() {
  const user = await newUser()
  const orgId: string = (await user.api.get('/api/account')).body.selectedOrganization
  await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
  return { user, orgId }
}

async function createTemplate(user: User, orgId: string, name: string, tags: string[]) {
  const created = await user.api.post(`/api/templates?organizationId=${orgId}`, {
    name,
    editorType: 'HTML',
    subject: 'Hello',
    source: '<html><body><p>Hi</p></body></html>',
    tags,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body as { id: string; name: string; updatedAt: string }
}

/** Every row of a list, page by page (`limit` rows each), checking that no page is longer than asked. */
async function walk(user: User, path: string, limit: number): Promise<{ names: string[]; pages: number }> {
  const names: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const page: Awaited<ReturnType<User['api']['get']>> = await user.api.get(
      `${path}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    expect(page.status, JSON.stringify(page.body)).toBe(200)
    expect(page.body.items.length).toBeLessThanOrEqual(limit)
    names.push(...page.body.items.map((row: { name: string }) => row.name))
    cursor = page.body.nextCursor
    pages++
  } while (cursor)
  return { names, pages }
}

const byName = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()]
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0
}

describe('template list paged in the database', () => {
  it('pages through every sort and order, with search and tag filters, in the order of one whole page', async () => {
    const { user, orgId } = await team()
    const specs: [string, string[]][] = [
      ['Welcome-b', ['onboarding']],
      ['receipt', ['billing']],
      ['welcome-a', ['onboarding', 'news']],
      ['Digest', ['news']],
      ['WELCOME-c', []],
      ['invoice-welcome', ['billing', 'onboarding']],
      ['zeta', ['news']],
    ]
    const created: { id: string; name: string; updatedAt: string; tags: string[] }[] = []
    for (const [name, tags] of specs)
      created.push({ ...(await createTemplate(user, orgId, name, tags)), tags })
    const updatedOrder = [...created]
      .sort((a, b) =>
        a.updatedAt === b.updatedAt ? (a.id < b.id ? -1 : 1) : a.updatedAt < b.updatedAt ? -1 : 1,
      )
      .map((row) => row.name)
    const views: [string, (rows: typeof created) => string[]][] = [
      ['sort=name', (rows) => rows.map((r) => r.name).sort(byName)],
      [
        'sort=name&order=desc',
        (rows) =>
          rows
            .map((r) => r.name)
            .sort(byName)
            .reverse(),
      ],
      ['sort=updated', (rows) => updatedOrder.filter((n) => rows.some((r) => r.name === n)).reverse()],
      ['sort=updated&order=asc', (rows) => updatedOrder.filter((n) => rows.some((r) => r.name === n))],
    ]
    const filters: [string, (row: (typeof created)[number]) => boolean][] = [
      ['', () => true],
      ['&q=WELCOME', (row) => row.name.toLowerCase().includes('welcome')],
      ['&tag=onboarding', (row) => row.tags.includes('onboarding')],
      [
        '&q=welcome&tag=onboarding',
        (row) => row.name.toLowerCase().includes('welcome') && row.tags.includes('onboarding'),
      ],
    ]
    for (const [view, expected] of views) {
      for (const [filter, keep] of filters) {
        const want = expected(created.filter(keep))
        const path = `/api/templates?organizationId=${orgId}&${view}${filter}`
        const whole = await user.api.get(`${path}&limit=100`)
        expect(
          whole.body.items.map((row: { name: string }) => row.name),
          `${view}${filter}`,
        ).toEqual(want)
        expect(whole.body.nextCursor).toBeNull()
        const paged = await walk(user, path, 2)
        expect(paged.names, `${view}${filter} in pages`).toEqual(want)
        expect(paged.pages).toBe(Math.max(1, Math.ceil(want.length / 2)))
      }
    }
  })

  it("refuses another organization's cursor for the same view", async () => {
    const [a, b] = await Promise.all([team(), team()])
    for (const name of ['one', 'two', 'three']) await createTemplate(b.user, b.orgId, name, [])
    await createTemplate(a.user, a.orgId, 'mine', [])
    const theirs = await b.user.api.get(`/api/templates?organizationId=${b.orgId}&sort=name&limit=1`)
    expect(theirs.body.nextCursor).toEqual(expect.any(String))
    const reused = await a.user.api.get(
      `/api/templates?organizationId=${a.orgId}&sort=name&limit=1&cursor=${theirs.body.nextCursor}`,
    )
    expect(reused.status).toBe(400)
    expect(reused.body.error).toMatchObject({ code: 'request.invalid' })
    expect(reused.body.error.message).toContain('query.cursor')
  })
})

describe('list-indexes migration', () => {
  it('indexes template heads and blocks stored before the list indexes existed, once', async () => {
    const { user, orgId } = await team()
    const templates = []
    for (const name of ['b-old', 'A-old', 'c-old'])
      templates.push(await createTemplate(user, orgId, name, ['x']))
    const block = await user.api.post(`/api/blocks?organizationId=${orgId}`, {
      name: 'Footer',
      editorType: 'HTML',
      source: '<p>Bye</p>',
    })
    expect(block.status, JSON.stringify(block.body)).toBe(201)
    // As stored before issue 16: no index attributes, and no marker of this migration.
    const strip = (Key: Record<string, string>) =>
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'REMOVE GSI1PK, GSI1SK, GSI2PK, GSI2SK, searchName',
        }),
      )
    for (const template of templates) await strip(templateKey(orgId, template.id))
    await strip(blockKey(orgId, block.body.id))
    await dynamo().send(
      new DeleteCommand({ TableName: tableName(), Key: migrationKey(orgId, CURRENT_MIGRATION) }),
    )

    const report = await migrateOrganization(orgId)
    expect(report.indexed).toBe(4)
    const head = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: templateKey(orgId, templates[0]?.id ?? '') }),
    )
    expect(head.Item).toMatchObject({ GSI1PK: `ORG#${orgId}#TEMPLATE`, searchName: 'b-old' })
    expect((await migrateOrganization(orgId)).indexed).toBe(0)

    const listed = await user.api.get(`/api/templates?organizationId=${orgId}&sort=name&q=old&tag=x`)
    expect(listed.body.items.map((row: { name: string }) => row.name)).toEqual(['A-old', 'b-old', 'c-old'])
    const blocks = await user.api.get(`/api/blocks?organizationId=${orgId}`)
    expect(blocks.body.items.map((row: { name: string }) => row.name)).toEqual(['Footer'])
  })
})
