import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, SCREENSHOT_DIR, screenshot } from './support/browser'
import { at, browserForFile } from './support/session'

/** Every public page and the heading it opens with. */
const PAGES: readonly { path: string; heading: string | RegExp }[] = [
  { path: '/', heading: 'Edit your Amazon SES email templates' },
  { path: '/template-manager', heading: /Manage your Amazon SES templates/ },
  { path: '/contact-list', heading: /Contacts and topics/ },
  { path: '/email-campaigns', heading: /Campaigns that go out/ },
  { path: '/marketing-campaigns', heading: /Newsletters and announcements/ },
  { path: '/transactional-emails', heading: /receipts, sign-in links and alerts/ },
  { path: '/pricing', heading: /Pay for the dashboard/ },
  { path: '/blog', heading: 'Guides to Amazon SES' },
  { path: '/blog/move-amazon-ses-out-of-the-sandbox', heading: /out of the sandbox/ },
  { path: '/terms', heading: 'Terms of service' },
  { path: '/privacy-policy', heading: 'Privacy policy' },
  { path: '/docs/api', heading: 'SES Studio API reference' },
]

/** Built JS files (of the bundle under test) whose source maps show the auth library. */
function amplifyFiles(): Set<string> {
  const assets = join(inject('webDist'), 'assets')
  return new Set(
    readdirSync(assets).filter((file) => {
      const map = join(assets, `${file}.map`)
      return (
        file.endsWith('.js') &&
        existsSync(map) &&
        /node_modules\/(aws-amplify|@aws-amplify)\//.test(readFileSync(map, 'utf8'))
      )
    }),
  )
}

const browser = browserForFile()

async function openPage(page: Page, path: string, heading: string | RegExp) {
  await page.goto(at(path))
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

const pathOf = (page: Page) => new URL(page.url()).pathname
const metaDescription = (page: Page) =>
  page.evaluate<string>(`document.querySelector('meta[name="description"]')?.content ?? ''`)

describe('public site in a real browser', () => {
  it('every page has its own title and description, landmarks, and no serious accessibility violation', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    const forbidden = amplifyFiles()
    expect(forbidden.size).toBeGreaterThan(0)
    const loaded: string[] = []
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname.replace(/^.*\//, '')))
    const titles = new Set<string>()
    for (const { path, heading } of PAGES) {
      await openPage(page, path, heading)
      const title = await page.title()
      expect(title, path).toContain('SES Studio')
      titles.add(title)
      expect((await metaDescription(page)).length, path).toBeGreaterThan(50)
      await page.getByRole('banner').waitFor()
      await page.getByRole('main').waitFor()
      await page.getByRole('contentinfo').waitFor()
      expect(await seriousAxeViolations(page), path).toEqual([])
    }
    expect(titles.size).toBe(PAGES.length)
    // Route-level code splitting: no public page downloads the auth library.
    expect(loaded.filter((file) => forbidden.has(file))).toEqual([])
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('a visitor browses from the home page through the header, footer, pricing, blog and API docs', async () => {
    const tab = await openTab(browser(), { width: 1280, height: 860 })
    const { page } = tab

    await openPage(page, '/', 'Edit your Amazon SES email templates')
    const main = page.getByRole('main')
    expect(await main.getByRole('link', { name: 'Start for free' }).first().getAttribute('href')).toBe(
      '/auth/sign-up',
    )
    await main.getByText('No credit card required').first().waitFor()
    // What the plans sell but the product does not do yet carries a mark; what exists does not.
    const tiles = main.getByRole('list').first().getByRole('listitem')
    for (const unbuilt of ['GitHub sync'])
      await tiles.filter({ has: page.getByRole('heading', { name: `${unbuilt} Coming soon` }) }).waitFor()
    for (const built of ['Templates', 'Audience', 'Campaigns', 'Campaigns API', 'Teams'])
      await tiles.filter({ has: page.getByRole('heading', { name: built, exact: true }) }).waitFor()
    const header = page.getByRole('banner')
    expect(await header.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/app')
    await screenshot(page, 'public-home-desktop')

    // Product dropdown, by pointer.
    const product = header.getByRole('button', { name: 'Product' })
    expect(await product.getAttribute('aria-expanded')).toBe('false')
    await product.click()
    expect(await product.getAttribute('aria-expanded')).toBe('true')
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'public-header-product-menu.png') })
    await header.getByRole('link', { name: /Template manager/ }).click()
    await page.getByRole('heading', { level: 1, name: /Manage your Amazon SES templates/ }).waitFor()
    expect(pathOf(page)).toBe('/template-manager')
    expect(await product.getAttribute('aria-expanded')).toBe('false')

    // Use cases dropdown, by keyboard: Escape closes it and gives focus back to its button.
    const useCases = header.getByRole('button', { name: 'Use cases' })
    await useCases.focus()
    await page.keyboard.press('Enter')
    expect(await useCases.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Escape')
    expect(await useCases.getAttribute('aria-expanded')).toBe('false')
    expect(await page.evaluate<string | null>('document.activeElement?.textContent ?? null')).toBe(
      'Use cases',
    )
    await page.keyboard.press('Enter')
    await header.getByRole('link', { name: /Transactional emails/ }).click()
    await page.getByRole('heading', { level: 1, name: /receipts, sign-in links and alerts/ }).waitFor()

    // Pricing from the header, with the monthly/yearly switch.
    await header.getByRole('link', { name: 'Pricing' }).click()
    await page.getByRole('heading', { level: 1, name: /Pay for the dashboard/ }).waitFor()
    const plans = page.getByRole('list', { name: 'Plans' })
    expect(await page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true)
    for (const price of ['$0', '$19', '$49', '$99']) await plans.getByText(price, { exact: true }).waitFor()
    // Coming soon next to the unbuilt features of each plan that includes them, never next to built ones.
    const team = plans
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Team', exact: true }) })
    for (const unbuilt of ['GitHub sync'])
      expect(await team.getByRole('listitem').filter({ hasText: unbuilt }).textContent()).toContain(
        'Coming soon',
      )
    for (const built of [
      'Campaigns',
      'Audience',
      'Reusable blocks',
      'Logs & metrics',
      'Unlimited template management',
    ])
      expect(await team.getByRole('listitem').filter({ hasText: built }).textContent()).not.toContain(
        'Coming soon',
      )
    const start = plans
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Start', exact: true }) })
    expect(await start.getByText('Coming soon').count()).toBe(0)
    // Each plan's seats, from the catalogue.
    await team.getByText('Up to 5 members', { exact: true }).waitFor()
    await team.getByText('Up to 3 AWS accounts', { exact: true }).waitFor()
    await start.getByText('1 member', { exact: true }).waitFor()
    await main.getByText('What does “Coming soon” mean?').waitFor()
    await screenshot(page, 'public-pricing-desktop')
    await page.getByRole('radio', { name: /Yearly/ }).check()
    for (const price of ['$190', '$490', '$990']) await plans.getByText(price, { exact: true }).waitFor()
    expect(await plans.getByRole('link', { name: 'Start for free' }).getAttribute('href')).toBe(
      '/auth/sign-up',
    )
    expect(await plans.getByRole('link', { name: 'Choose Team', exact: true }).getAttribute('href')).toBe(
      '/auth/sign-up',
    )

    // Blog index, then the article.
    await header.getByRole('link', { name: 'Blog' }).click()
    await page.getByRole('heading', { level: 1, name: 'Guides to Amazon SES' }).waitFor()
    await main.getByRole('link', { name: /out of the sandbox/ }).click()
    await page.getByRole('heading', { level: 1, name: /out of the sandbox/ }).waitFor()
    await main.getByRole('heading', { level: 2, name: 'What the sandbox allows' }).waitFor()
    await main.getByRole('table').waitFor()
    await screenshot(page, 'public-blog-article-desktop')

    // API docs: the public API rendered from the live OpenAPI document (api-docs.e2e.ts goes further).
    await header.getByRole('link', { name: 'API docs' }).click()
    await page.getByRole('heading', { level: 1, name: 'SES Studio API reference' }).waitFor()
    await main.getByText('/api/v1/campaigns', { exact: true }).first().waitFor()
    // The document's inline code shows as code, with no literal backticks.
    const intro = main.locator('section[aria-labelledby="page-title"]')
    expect(await intro.textContent()).not.toContain('`')
    await intro.locator('code', { hasText: '/api/v1/' }).first().waitFor()
    expect(await main.locator('article').count()).toBeGreaterThan(5)
    await screenshot(page, 'public-api-docs-desktop')

    // Footer: carbon line, payment badge, review site, and a link to every public route.
    const footer = page.getByRole('contentinfo')
    await footer.getByText('contributes 0.5% of each purchase to carbon removal').waitFor()
    await footer.getByText(/Payments secured by/).waitFor()
    expect(await footer.getByRole('link', { name: /Review SES Studio/ }).getAttribute('href')).toMatch(
      /^https:/,
    )
    const footerLinks = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    for (const path of [
      ...PAGES.map((p) => p.path).filter((p) => !p.startsWith('/blog/')),
      '/auth/sign-up',
      '/app',
    ]) {
      if (path === '/') continue
      expect(footerLinks, path).toContain(path)
    }
    await footer.getByRole('link', { name: 'Privacy policy' }).click()
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor()

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('an unknown address shows the 404 inside the site, offering a visitor the home page', async () => {
    for (const [width, name] of [
      [1280, 'public-404-desktop'],
      [390, 'public-404-mobile'],
    ] as const) {
      const tab = await openTab(browser(), { width, height: 860 })
      const { page } = tab
      await openPage(page, '/no-such-page/anywhere', 'Page not found')
      expect(await page.title()).toContain('Page not found')
      await page.getByRole('banner').getByRole('link', { name: 'SES Studio home' }).waitFor()
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).waitFor()
      const main = page.getByRole('main')
      expect(await main.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/')
      expect(await main.getByRole('link', { name: 'Go to dashboard' }).count()).toBe(0)
      expect(await hasHorizontalOverflow(page)).toBe(false)
      expect(await seriousAxeViolations(page)).toEqual([])
      await screenshot(page, name)
      await main.getByRole('link', { name: 'Go to home' }).click()
      await page.getByRole('heading', { level: 1, name: 'Edit your Amazon SES email templates' }).waitFor()
      expect(tab.pageErrors).toEqual([])
      await tab.close()
    }
  })

  it('marks the unbuilt feature on its product page', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    // Campaigns and their API are built: no mark on their page.
    await openPage(page, '/email-campaigns', /Campaigns that go out/)
    await page.getByRole('heading', { level: 3, name: 'A campaigns API', exact: true }).waitFor()
    expect(await page.getByText('Coming soon').count()).toBe(0)
    expect(await page.getByText(/Campaigns is not in SES Studio yet/).count()).toBe(0)
    await openPage(page, '/template-manager', /Manage your Amazon SES templates/)
    await page.getByRole('heading', { level: 3, name: 'GitHub sync Coming soon' }).waitFor()
    await page.getByRole('heading', { level: 3, name: 'Reusable blocks', exact: true }).waitFor()
    expect(await page.getByText(/Coming soon ·|· Coming soon/).count()).toBe(0)
    // The audience is built: its product page carries no mark.
    await openPage(page, '/contact-list', /Contacts and topics/)
    expect(await page.getByText(/Coming soon/).count()).toBe(0)
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('at 375 px nothing overflows and the mobile menu works by keyboard', async () => {
    const tab = await openTab(browser(), { width: 375, height: 812 })
    const { page } = tab
    for (const { path, heading } of PAGES) {
      await openPage(page, path, heading)
      expect(await hasHorizontalOverflow(page), path).toBe(false)
      expect(await seriousAxeViolations(page), path).toEqual([])
      if (path === '/' || path === '/pricing') {
        const name = path === '/' ? 'public-home-mobile' : 'public-pricing-mobile'
        await screenshot(page, name)
        // What a phone shows first, at full resolution.
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-first-screen.png`) })
      }
    }

    await openPage(page, '/', 'Edit your Amazon SES email templates')
    const header = page.getByRole('banner')
    expect(await header.getByRole('button', { name: 'Product' }).isVisible()).toBe(false)
    const menu = header.getByRole('button', { name: 'Menu' })
    await menu.focus()
    await page.keyboard.press('Enter')
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' })
    await mobileNav.waitFor()
    // Focus moves into the menu; Escape closes it and returns focus to the button.
    expect(await page.evaluate<string | null>('document.activeElement?.textContent ?? null')).toBe(
      'Template manager',
    )
    await screenshot(page, 'public-mobile-menu')
    await page.keyboard.press('Escape')
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    expect(await mobileNav.isVisible()).toBe(false)
    expect(
      await page.evaluate<string | null>("document.activeElement?.getAttribute('aria-controls') ?? null"),
    ).toBe(await menu.getAttribute('aria-controls'))
    await page.keyboard.press('Enter')
    await mobileNav.getByRole('link', { name: 'API docs' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'SES Studio API reference' }).waitFor()
    expect(await mobileNav.isVisible()).toBe(false)
    expect(await hasHorizontalOverflow(page)).toBe(false)

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('the mobile menu works by touch', async () => {
    const context = await browser().newContext({
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
    })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(String(error)))
    await openPage(page, '/', 'Edit your Amazon SES email templates')
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' })
    await menu.tap()
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }).tap()
    await page.getByRole('heading', { level: 1, name: /Pay for the dashboard/ }).waitFor()
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    // The same button closes it again.
    await menu.tap()
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor()
    await menu.tap()
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    expect(await page.getByRole('navigation', { name: 'Mobile' }).isVisible()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })
})
