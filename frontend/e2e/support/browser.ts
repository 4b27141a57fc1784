import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { onTestFailed } from 'vitest'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? join(tmpdir(), 'screens')

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Debian's Chromium; every context gets a fresh profile (no cookies, no local storage). */
export async function launchBrowser(): Promise<Browser> {
  try {
    return await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  } catch (error) {
    throw new Error(
      `Could not start Chromium at ${CHROMIUM_PATH}. Install it with: sudo apt-get update && sudo apt-get install -y chromium (or set CHROMIUM_PATH).\n${String(error)}`,
    )
  }
}

export interface BrowserTab {
  context: BrowserContext
  page: Page
  /** Uncaught exceptions and console errors; a healthy journey has none. */
  pageErrors: string[]
  close(): Promise<void>
}

export async function openTab(
  browser: Browser,
  { width = 1280, height = 860 }: { width?: number; height?: number } = {},
): Promise<BrowserTab> {
  const context = await browser.newContext({ viewport: { width, height } })
  const page = await context.newPage()
  page.setDefaultTimeout(20_000)
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  page.on('console', (message) => {
    // Chromium logs every 4xx response ("Failed to load resource"); the journeys cause some on purpose.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      pageErrors.push(`console: ${message.text()}`)
    }
  })
  // Inside a test: keep what the browser showed when it failed.
  onTestFailed(async ({ task }) => {
    const name = `failure-${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`
    await screenshot(page, name).catch(() => undefined)
    console.error(
      `screenshot: ${join(SCREENSHOT_DIR, `${name}.png`)} at ${page.url()}\npage errors: ${pageErrors.join('; ')}`,
    )
  })
  return { context, page, pageErrors, close: () => context.close() }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true })
}

/** True when the page is wider than the viewport (something overflows horizontally). */
export function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth')
}

/** What a Copy button put on the clipboard (the tab needs `clipboard-read`), read in the page. */
export function readClipboard(page: Page): Promise<string> {
  // Runs in the page (the e2e files are typed for Node, without the DOM's names).
  return page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  )
}
