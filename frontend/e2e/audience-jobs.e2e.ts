import { readFile } from 'node:fs/promises'
import { BULK_INLINE_MAX, INLINE_EXPORT_BYTES } from '@app/contracts'
import type { apiClient } from '@app/local-stack/testing/api-client'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTab, screenshot } from './support/browser'
import { teamOrg } from './support/campaign-seed'
import { at, browserForFile, submitSignIn } from './support/session'

/**
 * The audience's background jobs in a real browser: a bulk change of more contacts than the API changes at once,
 * selected across pages, and an export too large to answer inline, written to S3 and downloaded through its
 * presigned GET. One organization, seeded through the API (imports), and one signed-in page for the file.
 */
const browser = browserForFile()
const POLL = { timeout: 60_000, interval: 250 }

/** More than the API changes inline: three pages of the contact list (50 a page). */
const BULK = BULK_INLINE_MAX + 20
/** Rows of ~48 KB (attributes of 1,000 characters): about a hundred pass the inline limit in bytes, quick to import. */
const BIG_ATTRIBUTES = 48
const BIG_VALUE = 1000
const BIG_ROWS = Math.ceil((INLINE_EXPORT_BYTES * 1.25) / (BIG_ATTRIBUTES * BIG_VALUE))

type Api = ReturnType<typeof apiClient>
const pad = (n: number) => String(n).padStart(4, '0')

async function newTopic(api: Api, orgId: string, name: string) {
  const created = await api.post<{ id: string }>(`/api/topics?organizationId=${orgId}`, { name })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.id
}

/** An import as the browser starts one (presigned PUT to S3, then the job), waited for through the API. */
async function importCsv(api: Api, orgId: string, csv: string, topicIds: string[]) {
  const prepared = await api.get<{ uploadUrl: string; fileKey: string; headers: Record<string, string> }>(
    `/api/contacts/import?organizationId=${orgId}&fileName=seed.csv&fileType=text/csv`,
  )
  expect(prepared.status, JSON.stringify(prepared.body)).toBe(200)
  const put = await fetch(prepared.body.uploadUrl, {
    method: 'PUT',
    headers: prepared.body.headers,
    body: csv,
  })
  expect(put.status).toBe(200)
  const started = await api.post<{ id: string }>('/api/contacts/import', {
    organizationId: orgId,
    fileKey: prepared.body.fileKey,
    topicIds,
  })
  expect(started.status, JSON.stringify(started.body)).toBe(202)
  // Seeding runs in beforeAll, where expect.poll is not available: poll with a deadline by hand.
  const until = Date.now() + 120_000
  for (;;) {
    const read = await api.get<{ status: string; counts: { created: number } }>(
      `/api/contacts/import/${started.body.id}?organizationId=${orgId}`,
    )
    if (read.body.status === 'succeeded') return read.body.counts
    if (read.body.status === 'failed' || Date.now() > until)
      throw new Error(`The seeding import did not finish: ${JSON.stringify(read.body)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Every contact the filter selects, through the API's cursor. */
async function emailsWhere(api: Api, orgId: string, filter: string) {
  const emails: string[] = []
  let cursor: string | null = null
  do {
    const page: { status: number; body: { items: { email: string }[]; nextCursor: string | null } } =
      await api.get(
        `/api/contacts?organizationId=${orgId}&limit=100&${filter}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      )
    expect(page.status, JSON.stringify(page.body)).toBe(200)
    emails.push(...page.body.items.map((item) => item.email))
    cursor = page.body.nextCursor
  } while (cursor)
  return emails.sort()
}

const bulkEmails = Array.from({ length: BULK }, (_, n) => `bulk-${pad(n)}@example.com`)
const bigEmails = Array.from({ length: BIG_ROWS }, (_, n) => `big-${pad(n)}@example.com`)

let page: Page
let ownerEmail: string
let api: Api
let orgId: string
let news: string
let archive: string
let close: () => Promise<void>

beforeAll(async () => {
  const seeded = await teamOrg('audience-jobs')
  api = seeded.api
  orgId = seeded.orgId
  news = await newTopic(api, orgId, 'Product news')
  archive = await newTopic(api, orgId, 'Archive')
  expect((await importCsv(api, orgId, ['email', ...bulkEmails].join('\n'), [news])).created).toBe(BULK)
  const value = (n: number, column: number) =>
    `${column}${'x'.repeat(BIG_VALUE - 6)}${pad(n)}`.slice(0, BIG_VALUE)
  const header = ['email', ...Array.from({ length: BIG_ATTRIBUTES }, (_, column) => `note${column}`)]
  const rows = bigEmails.map((email, n) =>
    [email, ...Array.from({ length: BIG_ATTRIBUTES }, (_, column) => value(n, column))].join(','),
  )
  expect((await importCsv(api, orgId, [header.join(','), ...rows].join('\n'), [archive])).created).toBe(
    BIG_ROWS,
  )
  ownerEmail = seeded.owner.email
}, 300_000)

afterAll(async () => {
  await close?.()
})

/** The file's one signed-in page, opened by the first test that needs it (a tab opens inside a test). */
async function signedIn(): Promise<Page> {
  if (page) return page
  const tab = await openTab(browser(), { width: 1440, height: 1000 })
  close = async () => {
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }
  await tab.page.goto(at('/auth/sign-in'))
  await submitSignIn(tab.page, ownerEmail)
  await tab.page.waitForURL((url) => url.pathname.startsWith('/app'))
  page = tab.page
  return page
}

/** The emails in the contact table, in order ('(loading)' while the list is replaced). */
async function listedEmails(): Promise<string[]> {
  if ((await page.locator('[aria-busy="true"]').count()) > 0) return ['(loading)']
  return page.getByRole('table').getByRole('rowheader').getByRole('link').allTextContents()
}

describe('audience jobs in a real browser', () => {
  it('unsubscribes contacts selected across three pages as a background job, with its progress and result', async () => {
    await signedIn()
    await page.goto(at('/app/audience/contacts?searchQuery=bulk-'))
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor()
    const pages = [bulkEmails.slice(0, 50), bulkEmails.slice(50, 100), bulkEmails.slice(100)]
    for (const [index, expected] of pages.entries()) {
      await expect.poll(listedEmails, POLL).toEqual(expected)
      await page.getByRole('checkbox', { name: 'Select all contacts shown' }).check()
      const total = pages.slice(0, index + 1).flat().length
      await page.getByText(`${total} contacts selected`).waitFor()
      if (index < pages.length - 1) await page.getByRole('button', { name: 'Next page →' }).click()
    }
    // Back on the first page, its rows are still selected: the selection spans the pages.
    await page.getByRole('button', { name: '← Previous page' }).click()
    await expect.poll(listedEmails, POLL).toEqual(pages[1])
    expect(await page.getByRole('checkbox', { name: `Select ${bulkEmails[60]}` }).isChecked()).toBe(true)

    await page.getByRole('button', { name: 'Change topics' }).click()
    const change = page.getByRole('dialog', { name: `Change topics of ${BULK} contacts` })
    await change.getByLabel('Topic').selectOption({ label: 'Product news' })
    await change.getByLabel('Change').selectOption('OPT_OUT')
    await change.getByRole('button', { name: 'Apply' }).click()
    await change.waitFor({ state: 'hidden' })

    // The job: its heading and progress, then its result.
    const job = page.getByRole('region', { name: /Changing subscriptions|Changed subscriptions/ })
    await job.waitFor()
    await page.getByText('Select contacts to change several at once').waitFor()
    await page.locator('[data-job-status="succeeded"]').waitFor({ timeout: 60_000 })
    await job.getByRole('heading', { name: 'Changed subscriptions' }).waitFor()
    await job.getByText(`${BULK} of ${BULK} done`).waitFor()
    expect(await job.getByRole('progressbar').getAttribute('value')).toBe(String(BULK))
    // Its items are contact ids, not worth reading: the counts say it all.
    expect(await job.getByRole('list', { name: 'Results' }).count()).toBe(0)
    await screenshot(page, 'desktop-bulk-job-done')

    // The API agrees: every selected contact left the topic, and the topic's counts followed.
    expect(await emailsWhere(api, orgId, `topicId=${news}&optOut=true`)).toEqual(bulkEmails)
    expect(await emailsWhere(api, orgId, `topicId=${news}&optIn=true`)).toEqual([])
    const topic = await api.get<{ counts: { subscribed: number; unsubscribed: number } }>(
      `/api/topics/${news}?organizationId=${orgId}`,
    )
    // The other contacts have no choice for the topic, whose default (OPT_OUT) counts them unsubscribed too.
    expect(topic.body.counts).toMatchObject({ subscribed: 0, unsubscribed: BULK + BIG_ROWS })
  }, 180_000)

  it('exports a topic too large to answer inline as a job and downloads the file through its presigned GET', async () => {
    await signedIn()
    await page.goto(at('/app/audience/topics'))
    const row = page
      .getByRole('list', { name: 'Topics' })
      .getByRole('listitem')
      .filter({ hasText: 'Archive' })
    await row.waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByRole('button', { name: 'Export Archive' }).click(),
    ])
    // Not a blob the app built from an inline answer: the file came from S3, under the spec's name.
    const url = new URL(download.url())
    expect(url.protocol).toBe('http:')
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
    expect(download.suggestedFilename()).toBe(`topic-${archive}-contacts.csv`)
    const file = await readFile(await download.path(), 'utf8')
    expect(Buffer.byteLength(file)).toBeGreaterThan(INLINE_EXPORT_BYTES)
    // A UTF-8 byte order mark first, so Excel reads the names right.
    expect(file.startsWith('\ufeff')).toBe(true)
    const lines = file.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'email,firstName,lastName,status,unsubscribeAll,suppressed,attributes,createdAt,updatedAt',
    )
    const rows = lines.slice(1)
    expect(rows.map((line) => line.split(',')[0]).sort()).toEqual(bigEmails)
    const last = rows.find((line) => line.startsWith(`${bigEmails.at(-1)},`)) as string
    expect(last).toContain(',OPT_IN,false,,')
    expect(last).toContain(`${pad(BIG_ROWS - 1)}`)
    await page.getByText('The CSV file is downloading.').waitFor()
  }, 180_000)
})
