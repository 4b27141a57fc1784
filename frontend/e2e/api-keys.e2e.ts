/**
 * Organization API keys (`/app/organization/api-keys`): created with scopes in the dashboard, shown once and
 * copied, used from the test with fetch on a route that takes keys, revoked, then refused.
 */
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, readClipboard, screenshot } from './support/browser'
import { teamOrg } from './support/campaign-seed'
import { at, browserForFile, stack, submitSignIn } from './support/session'

const browser = browserForFile()

/** The public API's topics (`listPublicTopics`, scope topics:read): the dashboard's routes take no keys. */
const callWith = (key: string) =>
  fetch(`${stack.apiUrl}/api/v1/topics`, { headers: { authorization: `Bearer ${key}` } })

describe('API keys', () => {
  it('are created with scopes, shown once and copied, work at once, and are refused once revoked', {
    timeout: 240_000,
  }, async () => {
    const { owner } = await teamOrg('api-keys')
    const { page } = await openTab(browser(), { width: 1280, height: 900 })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl })
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, owner.email)
    await page.waitForURL((url) => url.pathname.startsWith('/app'))

    await page.goto(at('/app/organization/api-keys'))
    await page.getByText('No API keys yet').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Create API key' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Create API key' })
    await dialog.getByRole('button', { name: 'Create key' }).click()
    await dialog.getByText('Choose at least one scope.').waitFor()
    await dialog.getByLabel('Name').fill('Production backend')
    await dialog.getByRole('checkbox', { name: /topics:read/ }).check()
    await dialog.getByRole('checkbox', { name: /contacts:write/ }).check()
    await dialog.getByLabel('Rate limit (requests a minute)').fill('120')
    await dialog.getByRole('button', { name: 'Create key' }).click()

    const shown = page.getByRole('dialog', { name: 'Your new API key' })
    await shown.getByText('Copy this key now: you will not see it again').waitFor()
    const field = shown.getByLabel('The key “Production backend”')
    const key = await field.inputValue()
    expect(key).toMatch(/^ssk_live_[0-9A-Z]{26}_[A-Za-z0-9_-]{43}$/)
    await shown.getByRole('button', { name: 'Copy the API key' }).click()
    await shown.getByText('Copied').waitFor()
    const copied = await readClipboard(page)
    expect(copied).toBe(key)
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'api-keys-shown-once-1280')
    await shown.getByRole('button', { name: 'Done' }).click()

    const used = await callWith(key)
    expect(used.status).toBe(200)

    const row = page.getByRole('list', { name: 'API keys' }).getByRole('listitem')
    await row.getByText('Production backend', { exact: true }).first().waitFor()
    await row
      .getByText(`${key.slice(0, 'ssk_live_'.length + 26)}…`)
      .first()
      .waitFor()
    await row.getByText('120 requests a minute').waitFor()
    expect(await row.textContent()).not.toContain(key.slice(-20))
    await page.reload()
    await row.getByText('topics:read').waitFor()
    expect(await row.getByText('Never').count()).toBe(0)
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'api-keys-list-1280')
    await page.setViewportSize({ width: 390, height: 900 })
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'api-keys-list-390')
    await page.setViewportSize({ width: 1280, height: 900 })

    await row.getByRole('button', { name: 'Revoke' }).click()
    const confirm = page.getByRole('dialog', { name: 'Revoke Production backend?' })
    await confirm.getByRole('button', { name: 'Revoke key' }).click()
    await page.getByText('Revoked Production backend: its calls are refused from now on.').waitFor()
    await row.getByText('Revoked', { exact: true }).first().waitFor()
    const refused = await callWith(key)
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('auth.unauthorized')
    await screenshot(page, 'api-keys-revoked-1280')
  })
})
