import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, readClipboard, SCREENSHOT_DIR } from './support/browser'
import { at, browserForFile, stack } from './support/session'

const browser = browserForFile()

/** What the viewport shows (the whole reference is too long for one useful picture). */
async function view(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) })
}

describe('the API reference at /docs/api', () => {
  it('shows the public API’s guide, resources and webhooks, and copies an example', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl })
    await page.goto(at('/docs/api'))
    // The first request of the run meets the docs function cold (it builds the document once).
    await page
      .getByRole('heading', { level: 1, name: 'SES Studio API reference' })
      .waitFor({ timeout: 60_000 })
    const main = page.getByRole('main')
    for (const name of ['Authentication', 'Scopes', 'Errors', 'Pagination', 'Idempotency', 'Rate limits'])
      await main.getByRole('heading', { level: 2, name, exact: true }).waitFor()
    for (const name of [
      'Webhooks',
      'Verifying signatures',
      'Campaigns',
      'Transactional email',
      'Webhook events',
    ])
      await main.getByRole('heading', { level: 2, name, exact: true }).waitFor()
    // The scopes table comes from the contracts; the dashboard's own routes are not on the page.
    await main.getByRole('cell', { name: 'campaigns:send', exact: true }).waitFor()
    expect(await main.getByText('/api/account', { exact: true }).count()).toBe(0)
    await view(page, 'api-docs-guide-1280')

    const create = main
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: /POST\s*\/api\/v1\/campaigns$/ }) })
    await create.getByText('campaigns:write', { exact: true }).waitFor()
    await create.getByText('idempotency.key_reused').waitFor()
    await create.getByRole('heading', { name: 'Examples' }).scrollIntoViewIfNeeded()
    const curl = (await create.locator('pre').first().textContent()) ?? ''
    expect(curl).toMatch(/^curl -X POST '.+\/api\/v1\/campaigns'/)
    await create.getByRole('button', { name: /Copy the curl example/ }).click()
    await create.getByRole('button', { name: /Copied the curl example/ }).waitFor()
    expect(await readClipboard(page)).toBe(curl)
    await create.getByRole('button', { name: /Copy the TypeScript example/ }).click()
    const copied = await readClipboard(page)
    expect(copied).toContain("import { createClient } from '@ses-studio/client'")
    expect(copied).toContain('await api.createPublicCampaign({')
    await view(page, 'api-docs-example-1280')

    const verify = main.locator('section#verifying-signatures')
    await verify.getByRole('button', { name: /Copy the JavaScript example/ }).click()
    expect(await readClipboard(page)).toContain('export function verifyWebhook(secret, headers, body')

    expect(await seriousAxeViolations(page)).toEqual([])
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('reads at 390 px: nothing overflows sideways, code scrolls in its own box', async () => {
    const tab = await openTab(browser(), { width: 390, height: 844 })
    const { page } = tab
    await page.goto(at('/docs/api'))
    await page.getByRole('heading', { level: 1, name: 'SES Studio API reference' }).waitFor()
    await page.getByRole('heading', { level: 2, name: 'Campaigns', exact: true }).waitFor()
    // What sticks out, to name it if the page overflows (a scroll box's own content is inside it).
    const wide = await page.evaluate(`[...document.querySelectorAll('main *')]
      .filter((element) => !element.closest('pre, [class*="tableScroll"]'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((element) => element.tagName + '.' + element.className)`)
    expect(await hasHorizontalOverflow(page), JSON.stringify(wide)).toBe(false)
    await view(page, 'api-docs-390')
    await page.getByRole('heading', { level: 2, name: 'Scopes', exact: true }).scrollIntoViewIfNeeded()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await view(page, 'api-docs-scopes-390')
    const example = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: /POST\s*\/api\/v1\/emails$/ }) })
    await example.getByRole('heading', { name: 'Examples' }).scrollIntoViewIfNeeded()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await view(page, 'api-docs-example-390')
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })
})
