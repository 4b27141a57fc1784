/**
 * `npm run bench` (fourth part): how fast the web app `npm start` serves shows its pages in Chromium, against
 * baselines measured in the same run on the same machine.
 *  - Pages: the dashboard (/app), a new template (/app/templates/new) and an existing VISUAL template's editor,
 *    each timed from navigation start to its heading being visible, signed in.
 *  - First load: a fresh browser context each time (empty HTTP cache, the session restored from storage);
 *    warm: reloading that page.
 *  - Baselines: GET /api/account through the web origin (what any signed-in page waits for at least once) and a
 *    fresh browser context loading one static file from the same server (the browser's own cost right now).
 * The production build is the one `npm start` uses (`.data/web/`, built here if stale); `BENCH_WEB=dev` measures
 * the Vite dev server instead, for comparison. `BENCH_PAGE_LOADS` (default 5) loads of each kind per page.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { startLocalStack } from '../src/index'
import { FREE_PORTS } from '../src/ports'
import { DEFAULT_DATA_DIR } from '../src/repo-paths'
import { scratchDir } from '../src/testing/scratch-dir'
import { ensureWebBuild } from '../src/web/web-build'
import { percentile } from './load'
import { signUpOnPaidPlan } from './paid-organization'

const LOADS = Math.max(1, Math.min(Number(process.env.BENCH_PAGE_LOADS ?? 5), 50))
const DEV_SERVER = process.env.BENCH_WEB === 'dev'
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
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

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>
interface PageCase {
  label: string
  path: string
  heading: string
}

const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(11)

async function time(count: number, run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = []
  for (let index = 0; index < count; index++) {
    const started = performance.now()
    await run()
    samples.push(performance.now() - started)
  }
  return samples
}

/** First loads (a new context each: empty cache) and warm reloads of one page, to its heading. */
async function measurePage(browser: Browser, appUrl: string, session: StorageState, page: PageCase) {
  const url = new URL(page.path, appUrl).toString()
  const first: number[] = []
  const warm: number[] = []
  for (let index = 0; index < LOADS; index++) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      storageState: session,
    })
    try {
      const tab = await context.newPage()
      const heading = tab.getByRole('heading', { level: 1, name: page.heading, exact: true })
      const started = performance.now()
      await tab.goto(url, { waitUntil: 'commit' })
      await heading.waitFor({ state: 'visible', timeout: 60_000 })
      first.push(performance.now() - started)
      const reloaded = performance.now()
      // `commit`: the new document replaced the old one, so the heading found is the reloaded page's.
      await tab.reload({ waitUntil: 'commit' })
      await heading.waitFor({ state: 'visible', timeout: 60_000 })
      warm.push(performance.now() - reloaded)
    } finally {
      await context.close()
    }
  }
  return { first, warm }
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const webDist = DEV_SERVER
    ? undefined
    : (await ensureWebBuild({ cacheDir: join(DEFAULT_DATA_DIR, 'web'), log: (line) => console.log(line) }))
        .distDir
  const dataDir = scratchDir('ses-studio-bench-pages-')
  const stack = await startLocalStack({
    dataDir,
    ports: FREE_PORTS,
    logLevel: 'warn',
    web: true,
    webDist,
    webDevServer: DEV_SERVER,
  })
  const { config } = stack
  let browser: Browser | undefined
  try {
    const { user, api, orgId } = await signUpOnPaidPlan(config)
    const template = await api.post<{ id: string }>(`/api/templates?organizationId=${orgId}`, {
      starter: 'welcome',
      name: 'welcome-email',
      editorType: 'VISUAL',
    })
    if (template.status !== 201) throw new Error(`POST /api/templates answered ${template.status}`)

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const signIn = await browser.newContext()
    const tab = await signIn.newPage()
    await tab.goto(new URL('/auth/sign-in', config.appUrl).toString())
    await tab.getByLabel('Email', { exact: true }).fill(user.email)
    await tab.getByLabel('Password', { exact: true }).fill(user.password)
    await tab.getByRole('button', { name: 'Sign in', exact: true }).click()
    await tab.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 60_000 })
    const session = await signIn.storageState()
    await signIn.close()

    const pages: PageCase[] = [
      { label: 'dashboard /app', path: '/app', heading: 'Dashboard' },
      { label: 'new template', path: '/app/templates/new', heading: 'New template' },
      {
        label: 'template editor (visual)',
        path: `/app/templates/${template.body.id}`,
        heading: 'welcome-email',
      },
    ]
    const results = []
    for (const page of pages)
      results.push({ page, ...(await measurePage(browser, config.appUrl, session, page)) })

    const getAccount = async () => {
      const answer = await fetch(new URL('/api/account', config.appUrl), {
        headers: { authorization: `Bearer ${user.idToken}` },
      })
      await answer.arrayBuffer()
      if (answer.status !== 200) throw new Error(`GET /api/account answered ${answer.status}`)
    }
    await time(5, getAccount)
    const apiCalls = await time(30, getAccount)
    // What a browser needs to open anything from this server on this machine right now: a fresh context loading
    // one static file. Page loads are mostly browser CPU (parse, run, render), which this baseline shares.
    const staticTabs: number[] = []
    for (let index = 0; index < LOADS * 2; index++) {
      const context = await browser.newContext()
      const tab = await context.newPage()
      const started = performance.now()
      await tab.goto(new URL('/favicon.svg', config.appUrl).toString(), { waitUntil: 'load' })
      staticTabs.push(performance.now() - started)
      await context.close()
    }
    const apiP50 = percentile(apiCalls, 50)
    const tabP50 = percentile(staticTabs, 50)

    console.log(
      `\nPage loads in Chromium (1280×900) from ${DEV_SERVER ? 'the Vite DEV SERVER (npm run dev)' : 'the production build npm start serves'}, navigation start → heading visible, ${LOADS} of each\n`,
    )
    const columns = ['p50', 'max', 'p50 ÷ API', 'p50 ÷ tab']
    console.log(`${''.padEnd(40)}${columns.map((column) => column.padStart(11)).join('')}`)
    const row = (label: string, samples: number[]) => {
      const p50 = percentile(samples, 50)
      const ratios = [p50 / apiP50, p50 / tabP50].map((ratio) => `${ratio.toFixed(1)}×`.padStart(11))
      console.log(`${label.padEnd(40)}${ms(p50)}${ms(Math.max(...samples))}${ratios.join('')}`)
    }
    for (const { page, first, warm } of results) {
      row(`${page.label}, first load`, first)
      row(`${page.label}, warm reload`, warm)
    }
    row('baseline "API": GET /api/account', apiCalls)
    row('baseline "tab": static file, fresh tab', staticTabs)
    console.log('')
  } finally {
    await browser?.close()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
