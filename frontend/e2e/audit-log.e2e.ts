/**
 * The audit log (`/app/organization/audit-log`): an owner's changes (a topic, an API key created and revoked, the
 * plan paid for) shown with who, action, target and change; filtered by area and member; exported as CSV (the
 * browser's download, read back); at 390 px as cards without overflow; a member reads why they cannot see it.
 */
import { readFile } from 'node:fs/promises'
import { AUDIT_CSV_COLUMNS } from '@app/contracts'
import { apiClient } from '@app/local-stack/testing/api-client'
import { signUp } from '@app/local-stack/testing/cognito-users'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { addMember } from '../../functions/test/seed'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { teamOrg, until } from './support/campaign-seed'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, PASSWORD, stack, submitSignIn } from './support/session'

const browser = browserForFile()

describe('audit log', () => {
  it('shows an owner who did what, filters it, exports it as CSV; a member reads why not', {
    timeout: 240_000,
  }, async () => {
    const { owner, api, orgId, q } = await teamOrg('audit-log')
    expect((await api.post(`/api/topics?${q}`, { name: 'Audit weekly' })).status).toBe(201)
    const key = await api.post<{ apiKey: { keyId: string } }>(`/api/api-keys?${q}`, {
      name: 'Nightly sync',
      scopes: ['topics:read'],
    })
    expect(key.status).toBe(201)
    expect((await api.post(`/api/api-keys/${key.body.apiKey.keyId}/revoke?${q}`)).status).toBe(200)
    // The dispatcher records entries a moment after the changes.
    await until(
      () => api.get<{ items: { action: string }[] }>(`/api/organizations/${orgId}/audit-log?action=api_key.`),
      (answer) => answer.body.items.length === 2,
      'the API key entries',
    )

    const { page, pageErrors } = await openTab(browser(), { width: 1280, height: 900 })
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, owner.email)
    await page.waitForURL((url) => url.pathname.startsWith('/app'))
    await page.goto(at('/app/organization/audit-log'))
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor()

    const table = page.getByRole('table', { name: 'Audit log entries, newest first' })
    const row = (action: string) =>
      table.getByRole('row').filter({ has: page.getByText(action, { exact: true }) })
    await row('Topic created').getByText('Audit weekly').waitFor()
    await row('API key created').getByText('Nightly sync').waitFor()
    expect(await row('API key revoked').getByText(owner.email).count()).toBe(1)
    await page.getByText('Entries are kept for 400 days').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'audit-log-1280')

    await page.getByLabel('Action').selectOption({ label: 'All of api keys' })
    await row('Topic created').waitFor({ state: 'detached' })
    await row('API key revoked').waitFor()
    expect(await table.getByRole('row').count()).toBe(3) // the header and the two key entries
    await page.getByLabel('Member').selectOption({ label: owner.email })
    await row('API key created').waitFor()

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/)
    const [header, ...rows] = parse(
      (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, ''),
    ) as string[][]
    expect(header).toEqual([...AUDIT_CSV_COLUMNS])
    expect(rows.map((cells) => [cells[3], cells[4], cells[8]])).toEqual([
      [owner.email, 'api_key.revoked', 'Nightly sync'],
      [owner.email, 'api_key.created', 'Nightly sync'],
    ])
    await page.getByText('The CSV file is downloading.').waitFor()

    await page.getByLabel('Action').selectOption({ label: 'Campaign sent' })
    await page.getByText('No entry matches these filters.').waitFor()
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await row('Topic created').waitFor()
    await page.setViewportSize({ width: 390, height: 900 })
    expect(await hasHorizontalOverflow(page)).toBe(false)
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'audit-log-390')
    expect(pageErrors).toEqual([])

    const member = await signUp(stack, { email: uniqueEmail('audit-member'), password: PASSWORD })
    const memberApi = apiClient(stack, member.idToken)
    await memberApi.post('/api/account', { email: member.email })
    await addMember(orgId, member.sub, 'MEMBER')
    expect((await memberApi.patch('/api/account', { selectedOrganization: orgId })).status).toBe(200)
    const other = await openTab(browser(), { width: 390, height: 900 })
    await other.page.goto(at('/auth/sign-in'))
    await submitSignIn(other.page, member.email)
    await other.page.waitForURL((url) => url.pathname.startsWith('/app'))
    await other.page.goto(at('/app/organization/audit-log'))
    await other.page.getByText('Only owners and admins see the audit log').waitFor()
    expect(await other.page.getByRole('table').count()).toBe(0)
    expect(await seriousAxeViolations(other.page)).toEqual([])
  })
})
