/**
 * Outgoing webhooks (`/app/organization/webhooks`): an endpoint added in the dashboard pointing at a receiver this
 * test runs, its secret shown once, a test event and a real one (a scheduled campaign cancelled through the API)
 * delivered signed, checked on the receiver with the page's own snippet and the secret it showed; the log with
 * response codes, filter, details and "Load more"; redelivery, rotation (both secrets verify), edit, delete.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { WEBHOOK_EVENT_GROUPS } from '@app/contracts'
import { WEBHOOK_VERIFY_SNIPPET } from '@app/contracts/webhooks/verify-snippet'
import { apiClient } from '@app/local-stack/testing/api-client'
import { signUp } from '@app/local-stack/testing/cognito-users'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember } from '../../functions/test/seed'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { teamOrgWithMonitoring, until } from './support/campaign-seed'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, PASSWORD, stack, submitSignIn } from './support/session'

const browser = browserForFile()
const SENDER = 'news@hooks.example'
const POSTAL = '1 Main Street, Springfield'
const CAMPAIGN_TYPES = WEBHOOK_EVENT_GROUPS.find((group) => group.label === 'Campaigns')?.types ?? []

interface Received {
  headers: IncomingHttpHeaders
  body: string
}

/** A receiver on loopback (the e2e stack allows it): keeps every request, answers 200 with a short text. */
function startReceiver() {
  const received: Received[] = []
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
    if (request.url?.startsWith('/down')) response.writeHead(503).end('the receiver is down')
    else response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks from the receiver')
  })
  return {
    received,
    listening: new Promise<string>((resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`),
      ),
    ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

type Verify = (secret: string, headers: IncomingHttpHeaders, body: string) => boolean

/** The snippet the page shows, saved and imported as a receiver would copy it. */
async function pageSnippet(): Promise<Verify> {
  const file = join(mkdtempSync(join(tmpdir(), 'webhooks-e2e-')), 'verify.mjs')
  writeFileSync(file, WEBHOOK_VERIFY_SNIPPET)
  return ((await import(pathToFileURL(file).href)) as { verifyWebhook: Verify }).verifyWebhook
}

const receiver = startReceiver()
afterAll(() => receiver.close())

/** A Team organization with a campaign ready to be scheduled (so cancelling it is a real `campaign.cancelled`). */
async function seedCampaign() {
  const seeded = await teamOrgWithMonitoring('webhooks', SENDER, {
    readers: {
      topic: { name: 'Hook readers', description: 'News' },
      contacts: [{ email: 'r1@hooks.example' }],
    },
  })
  const { api, q, aws, topicId } = seeded
  const template = await api.post<{ id: string }>(`/api/templates?${q}`, {
    name: 'hook-news',
    editorType: 'HTML',
    subject: 'News',
    source: `<!doctype html><html><body><p>Hello</p><p>Acme, ${POSTAL}</p><p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p></body></html>`,
  })
  expect(template.status, JSON.stringify(template.body)).toBe(201)
  const campaign = await api.post<{ id: string }>(`/api/campaigns?${q}&awsAccountId=${aws.body.id}`, {
    name: 'Hooked launch',
    sender: { fromEmail: SENDER, fromName: 'Acme', replyTo: null, postalAddress: POSTAL },
    templateId: template.body.id,
    topicIds: [topicId],
    schedule: { at: new Date(Date.now() + 86_400_000).toISOString(), timeZone: 'UTC' },
  })
  expect(campaign.status, JSON.stringify(campaign.body)).toBe(201)
  const scheduled = await api.patch(`/api/campaigns/${campaign.body.id}?${q}`, { action: 'schedule' })
  expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
  return { ...seeded, campaignId: campaign.body.id }
}

type Seeded = Awaited<ReturnType<typeof seedCampaign>>
let seeded: Seeded
let url: string
let verifyWebhook: Verify
beforeAll(async () => {
  ;[seeded, url, verifyWebhook] = await Promise.all([seedCampaign(), receiver.listening, pageSnippet()])
})

/** The requests received so far of one event type, once there are at least `count`. */
function receivedOf(type: string, count: number) {
  return until(
    async () => receiver.received.filter((request) => JSON.parse(request.body).type === type),
    (found) => found.length >= count,
    `${count} ${type} request(s) at the receiver`,
  )
}

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

/** The secret the page shows once, read from its field, and the dialog closed. */
async function shownSecret(page: Page, shot: string) {
  const shown = page.getByRole('dialog', { name: 'Your signing secret' })
  await shown.getByText('Copy this secret now: you will not see it again').waitFor()
  const secret = await shown.getByLabel(`Signing secret of ${url}`).inputValue()
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
  await shown.getByRole('button', { name: 'Copy the signing secret' }).click()
  await shown.getByText('Copied').waitFor()
  const copied = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  )
  expect(copied).toBe(secret)
  await expectAccessible(page)
  await screenshot(page, shot)
  await shown.getByRole('button', { name: 'Done' }).click()
  return secret
}

describe('webhooks in a real browser', () => {
  it('adds an endpoint, delivers signed test and real events to a local receiver, logs, redelivers, rotates, edits and deletes', {
    timeout: 240_000,
  }, async () => {
    const { owner, api, q, campaignId } = seeded
    const { page } = await openTab(browser(), { width: 1280, height: 900 })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl })
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, owner.email)
    await page.waitForURL((address) => address.pathname.startsWith('/app'))

    // Reached from the organization menu, next to API keys.
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await page.getByRole('button', { name: /^Organization: / }).click()
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click()
    await page.waitForURL(at('/app/organization/webhooks'))
    await page.getByText('No webhook endpoints yet').waitFor()
    // The page shows exactly the snippet this test checks the deliveries with.
    const shownSnippet = await page.getByRole('region', { name: 'Verify a delivery in Node' }).innerText()
    expect(shownSnippet.trim()).toBe(WEBHOOK_VERIFY_SNIPPET.trim())
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Add endpoint' }).first().click()
    const form = page.getByRole('dialog', { name: 'Add webhook endpoint' })
    await form.getByRole('button', { name: 'Add endpoint' }).click()
    await form.getByText('Give the address that receives the events.').waitFor()
    await form.getByText('Choose at least one event type.').waitFor()
    await form.getByLabel('Endpoint URL').fill(url)
    await form.getByLabel('Description (optional)').fill('Order system')
    await form.getByRole('checkbox', { name: 'Select all campaigns events' }).check()
    for (const { label } of CAMPAIGN_TYPES)
      expect(await form.getByRole('checkbox', { name: label }).isChecked()).toBe(true)
    await form.getByRole('checkbox', { name: 'Campaign paused' }).uncheck()
    expect(await form.getByRole('checkbox', { name: 'Select all campaigns events' }).isChecked()).toBe(false)
    await expectAccessible(page)
    await screenshot(page, 'webhooks-add-1280')
    await form.getByRole('button', { name: 'Add endpoint' }).click()
    const firstSecret = await shownSecret(page, 'webhooks-secret-shown-once-1280')

    const row = page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').first()
    await row.getByText(url, { exact: true }).first().waitFor()
    await row.getByText('Order system').waitFor()
    await row.getByText('Enabled', { exact: true }).waitFor()
    await row.getByText(`${CAMPAIGN_TYPES.length - 1} event types`).waitFor()
    await row.getByText('None yet').waitFor()
    expect(await row.textContent()).not.toContain(firstSecret.slice(12))

    // A test event: delivered, logged with the receiver's answer, signed with the secret shown once.
    await row.getByRole('button', { name: 'Send test event' }).click()
    const log = page.getByRole('list', { name: `Deliveries to ${url}` })
    // The log's rows (each row's attempts are a list of their own).
    const rows = log.locator(':scope > li')
    const testRow = rows.filter({ hasText: 'Test event' }).first()
    await testRow.getByText('Delivered').waitFor()
    await testRow.getByText('HTTP 200', { exact: true }).waitFor()
    await row.getByText(/HTTP 200/).waitFor()
    const [tested] = await receivedOf('webhook_endpoint.tested', 1)
    expect(verifyWebhook(firstSecret, tested?.headers ?? {}, tested?.body ?? '')).toBe(true)
    expect(verifyWebhook(firstSecret, tested?.headers ?? {}, `${tested?.body} `)).toBe(false)

    // A real event through the API: the scheduled campaign cancelled.
    const cancelled = await api.patch(`/api/campaigns/${campaignId}?${q}`, { action: 'cancel' })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    const [event] = await receivedOf('campaign.cancelled', 1)
    expect(verifyWebhook(firstSecret, event?.headers ?? {}, event?.body ?? '')).toBe(true)
    expect(JSON.parse(event?.body ?? '{}').payload).toMatchObject({ campaignId, name: 'Hooked launch' })
    await page.reload()
    const cancelRow = rows.filter({ hasText: 'Campaign cancelled' })
    await cancelRow.getByText('HTTP 200', { exact: true }).waitFor()
    await cancelRow.getByText('1 attempt', { exact: true }).waitFor()

    // Redelivered by hand: the same event id, signed again, a second attempt in the log.
    await cancelRow.getByRole('button', { name: 'Redeliver Campaign cancelled' }).click()
    const again = await receivedOf('campaign.cancelled', 2)
    expect(again[1]?.headers['webhook-id']).toBe(event?.headers['webhook-id'])
    expect(verifyWebhook(firstSecret, again[1]?.headers ?? {}, again[1]?.body ?? '')).toBe(true)
    await cancelRow.getByText('2 attempts', { exact: true }).waitFor()
    await cancelRow.locator('summary').click()
    await cancelRow.getByText('sent by hand').waitFor()
    await cancelRow.getByText('thanks from the receiver').first().waitFor()
    await expectAccessible(page)
    await screenshot(page, 'webhooks-log-1280')

    await page.setViewportSize({ width: 390, height: 900 })
    await until(
      () => hasHorizontalOverflow(page),
      (overflows) => !overflows,
      'the page to fit 390 px',
    )
    await expectAccessible(page)
    await screenshot(page, 'webhooks-390')
    await page.setViewportSize({ width: 1280, height: 900 })

    // The log's filter and its pages.
    await page.getByLabel('Status').selectOption('failed')
    await page.getByText('No delivery with this status.').waitFor()
    await page.getByLabel('Status').selectOption('succeeded')
    await cancelRow.waitFor()
    for (let index = 0; index < 24; index += 1) {
      const sent = await api.post(`/api/webhooks/endpoints/${await endpointId(api, q)}/test?${q}`)
      expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    }
    await receivedOf('webhook_endpoint.tested', 25)
    await page.reload()
    await until(
      () => rows.count(),
      (count) => count === 25,
      'a first page of 25',
    )
    await page.getByRole('button', { name: 'Load more' }).click()
    await until(
      () => rows.count(),
      (count) => count === 26,
      'the next page',
    )

    // Rotation: the new secret shown once; for 24 h deliveries carry both signatures.
    await row.getByRole('button', { name: 'Rotate secret' }).click()
    await page
      .getByRole('dialog', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Rotate secret' })
      .click()
    const secondSecret = await shownSecret(page, 'webhooks-rotated-1280')
    expect(secondSecret).not.toBe(firstSecret)
    await row.getByRole('button', { name: 'Send test event' }).click()
    const rotated = (await receivedOf('webhook_endpoint.tested', 26))[25]
    expect(verifyWebhook(secondSecret, rotated?.headers ?? {}, rotated?.body ?? '')).toBe(true)
    expect(verifyWebhook(firstSecret, rotated?.headers ?? {}, rotated?.body ?? '')).toBe(true)

    // Edit: the description and an event type more.
    await row.getByRole('button', { name: `Edit ${url}` }).click()
    const edit = page.getByRole('dialog', { name: 'Edit webhook endpoint' })
    await edit.getByLabel('Description (optional)').fill('Order system v2')
    await edit.getByRole('checkbox', { name: 'Campaign paused' }).check()
    await edit.getByRole('button', { name: 'Save' }).click()
    await row.getByText('Order system v2').waitFor()
    await row.getByText(`${CAMPAIGN_TYPES.length} event types`).waitFor()

    // Delete, after a confirmation.
    await row.getByRole('button', { name: 'Delete' }).click()
    await page
      .getByRole('dialog', { name: 'Delete this endpoint?' })
      .getByRole('button', { name: 'Delete endpoint' })
      .click()
    await page.getByText('No webhook endpoints yet').waitFor()
    const listed = await api.get<{ items: unknown[] }>(`/api/webhooks/endpoints?${q}`)
    expect(listed.body.items).toEqual([])
    await page.setViewportSize({ width: 390, height: 900 })
    await page.getByText('No webhook endpoints yet').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'webhooks-empty-390')
  })
})

describe('an endpoint that keeps failing', () => {
  it('is shown disabled with the reason and its failed delivery, and is enabled again', async () => {
    const { owner, api, q } = seeded
    const down = url.replace(/\/hooks$/, '/down')
    const created = await api.post<{ endpoint: { id: string } }>(`/api/webhooks/endpoints?${q}`, {
      url: down,
      description: 'Flaky receiver',
      eventTypes: ['campaign.paused'],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.endpoint.id
    expect((await api.post(`/api/webhooks/endpoints/${id}/test?${q}`)).status).toBe(201)
    // The e2e stack retries after 1 s and 2 s: three failed attempts, then the endpoint is disabled.
    await until(
      async () => (await api.get<{ status: string }>(`/api/webhooks/endpoints/${id}?${q}`)).body.status,
      (status) => status === 'disabled',
      'the endpoint to be disabled',
    )

    const { page } = await openTab(browser(), { width: 1280, height: 900 })
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, owner.email)
    await page.waitForURL((address) => address.pathname.startsWith('/app'))
    await page.goto(at(`/app/organization/webhooks?endpoint=${id}`))
    const row = page
      .getByRole('list', { name: 'Webhook endpoints' })
      .getByRole('listitem')
      .filter({ hasText: down })
    await row.getByText('Disabled', { exact: true }).waitFor()
    await row
      .getByText(/All 3 attempts of delivery .* failed over less than an hour; the last: 503/)
      .waitFor()
    expect(await row.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true)
    const failed = page.getByRole('list', { name: `Deliveries to ${down}` }).locator(':scope > li')
    await page.getByLabel('Status').selectOption('failed')
    await failed.filter({ hasText: 'Test event' }).getByText('Failed', { exact: true }).waitFor()
    await failed.getByText('HTTP 503', { exact: true }).waitFor()
    await failed.getByText('3 attempts', { exact: true }).waitFor()
    expect(await failed.getByRole('button', { name: 'Redeliver Test event' }).isDisabled()).toBe(true)
    await failed.locator('summary').click()
    await failed.getByText('the receiver is down').first().waitFor()
    await expectAccessible(page)
    await screenshot(page, 'webhooks-disabled-1280')

    await row.getByRole('button', { name: 'Enable again' }).click()
    await row.getByText('Enabled', { exact: true }).waitFor()
    expect(await row.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(false)
    // All deliveries again: a redelivered one is being attempted for a moment (not "failed").
    await page.getByLabel('Status').selectOption('')
    const before = receiver.received.length
    await failed.getByRole('button', { name: 'Redeliver Test event' }).click()
    await failed.getByText('4 attempts', { exact: true }).waitFor()
    expect(receiver.received.length).toBeGreaterThan(before)
    // A failed redelivery by hand does not disable the endpoint again.
    await page.reload()
    await row.getByText('Enabled', { exact: true }).waitFor()
  })
})

describe('webhooks for a member', () => {
  it('explain that owners and admins manage them, and offer nothing to change', async () => {
    const member = await signUp(stack, { email: uniqueEmail('hooks-member'), password: PASSWORD })
    const memberApi = apiClient(stack, member.idToken)
    expect((await memberApi.post('/api/account', { email: member.email })).status).toBe(201)
    await addMember(seeded.orgId, member.sub, 'MEMBER')
    const selected = await memberApi.patch('/api/account', { selectedOrganization: seeded.orgId })
    expect(selected.status, JSON.stringify(selected.body)).toBe(200)
    const { page } = await openTab(browser(), { width: 390, height: 900 })
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, member.email)
    await page.waitForURL((address) => address.pathname.startsWith('/app'))
    await page.goto(at('/app/organization/webhooks'))
    await page.getByText('Only owners and admins manage webhooks').waitFor()
    expect(await page.getByRole('button', { name: 'Add endpoint' }).count()).toBe(0)
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await expectAccessible(page)
    await screenshot(page, 'webhooks-member-390')
  })
})

async function endpointId(api: Seeded['api'], q: string): Promise<string> {
  const listed = await api.get<{ items: { id: string }[] }>(`/api/webhooks/endpoints?${q}`)
  return listed.body.items[0]?.id as string
}
