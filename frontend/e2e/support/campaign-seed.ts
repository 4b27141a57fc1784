/**
 * Seeding shared by the campaign report e2e tests, through the API as a user would: a Team organization whose AWS
 * account publishes SES events to us, six mailbox-simulator contacts in a topic, a template with two links; then
 * campaigns sent to them and engagement played through the local SES. Its Team organization (`teamOrg`,
 * `teamOrgWithMonitoring` and their options) seeds the other e2e files that need a paid organization too.
 */
import { randomUUID } from 'node:crypto'
import { apiClient } from '@app/local-stack/testing/api-client'
import { signUp } from '@app/local-stack/testing/cognito-users'
import {
  createLocalCustomerAccount,
  simulateLocalSesEngagement,
  updateLocalSesAccount,
  verifyLocalIdentity,
} from '@app/local-stack/testing/local-aws'
import { payCheckout, waitForStripeDeliveries } from '@app/local-stack/testing/stripe'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { hasHorizontalOverflow } from './browser'
import { uniqueEmail } from './mailbox'
import { PASSWORD, stack } from './session'

export const SENDER = 'news@reports.example'
export const LAUNCH = 'https://acme.example/launch'
export const PRICING = 'https://acme.example/pricing'
export const HUMAN = {
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36',
  ipAddress: '203.0.113.7',
}
/** An open fetched by Apple Mail Privacy Protection's proxy: a machine open. */
export const APPLE_PROXY = { userAgent: 'Mozilla/5.0', ipAddress: '17.58.101.4' }
const POLL = { timeout: 120_000, interval: 500 }

const TEMPLATE_HTML = `<!doctype html><html><body>
<h1>Hello {{firstName}}</h1>
<p><a href="${LAUNCH}">See the launch</a> and <a href="${PRICING}">the prices</a>.</p>
<p>Acme Books, 1 Main Street, Springfield</p>
<p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>
</body></html>`

export type Api = ReturnType<typeof apiClient>
export interface Report {
  counts: Record<string, number>
}

/** Polls `read` until `done` holds for its value. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + POLL.timeout
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, POLL.interval))
  }
}

const sim = (label: string) => `${label}-${randomUUID().slice(0, 8)}@simulator.amazonses.com`

/** A signed-up owner whose organization paid for Team through the Stripe stand-in (and got `name`, if given). */
export async function teamOrg(label: string, options: { name?: string } = {}) {
  const owner = await signUp(stack, { email: uniqueEmail(label), password: PASSWORD })
  const api = apiClient(stack, owner.idToken)
  const account = await api.post<{ organizations: { id: string }[] }>('/api/account', { email: owner.email })
  const orgId = account.body.organizations[0]?.id as string
  const checkout = await api.post<{ url: string }>('/api/payments/checkout-sessions', {
    organizationId: orgId,
    plan: 'TEAM_MONTHLY',
  })
  expect((await payCheckout(checkout.body.url, { card: 'success' })).paid).toBe(true)
  await waitForStripeDeliveries(stack)
  if (options.name !== undefined) {
    const named = await api.patch(`/api/organizations/${orgId}`, { name: options.name })
    expect(named.status, JSON.stringify(named.body)).toBe(200)
  }
  return { owner, api, orgId, q: `organizationId=${orgId}` }
}

export interface TeamOrgOptions {
  name?: string
  /** The AWS account stays in the SES sandbox (production access otherwise). */
  sandbox?: boolean
  /** SES's send rate for the AWS account, set before it is connected. */
  maxSendRate?: number
  /** SES events published to us (the default); `false` leaves monitoring off. */
  monitoring?: boolean
  /** A topic with these contacts opted in, created one after the other. */
  readers?: {
    topic: { name: string; description: string }
    contacts: readonly { email: string; firstName?: string }[]
  }
}

/**
 * A signed-up owner whose organization paid for Team through the Stripe stand-in, with a production AWS account
 * (`sender` verified) connected and publishing its SES events to us — or as `options` say.
 */
export async function teamOrgWithMonitoring(label: string, sender: string, options: TeamOrgOptions = {}) {
  const { owner, api, orgId, q } = await teamOrg(label, options)
  const keys = await createLocalCustomerAccount(stack, options.sandbox ? {} : { productionAccess: true })
  await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: sender })
  if (options.maxSendRate !== undefined)
    await updateLocalSesAccount(stack, keys.accountId, { maxSendRate: options.maxSendRate })
  const aws = await api.post<{ id: string }>(`/api/aws-accounts?${q}`, {
    method: 'keys',
    region: 'us-east-1',
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
  })
  expect(aws.status, JSON.stringify(aws.body)).toBe(201)
  if (options.monitoring !== false) {
    const monitoring = await api.post(`/api/aws-accounts/${aws.body.id}/enable-monitoring`, {
      organizationId: orgId,
    })
    expect(monitoring.status, JSON.stringify(monitoring.body)).toBe(200)
    await until(
      async () =>
        (
          await api.get<{ items: { id: string; monitoring?: { state: string } }[] }>(`/api/aws-accounts?${q}`)
        ).body.items.find((item) => item.id === aws.body.id)?.monitoring?.state,
      (state) => state === 'ACTIVE',
      'SES events to be published to us',
    )
  }
  const topicId = options.readers ? await readersTopic(api, q, options.readers) : undefined
  return { owner, api, orgId, q, aws, keys, topicId }
}

async function readersTopic(api: Api, q: string, readers: NonNullable<TeamOrgOptions['readers']>) {
  const topic = await api.post<{ id: string }>(`/api/topics?${q}`, readers.topic)
  expect(topic.status, JSON.stringify(topic.body)).toBe(201)
  for (const contact of readers.contacts) {
    const created = await api.post(`/api/contacts?${q}`, {
      ...contact,
      topicPreferences: [{ topicId: topic.body.id, status: 'OPT_IN' }],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
  }
  return topic.body.id
}

/**
 * A Team organization whose AWS account publishes SES events to us, a topic of six mailbox-simulator contacts
 * (a opens and clicks both links, b is opened by Apple's proxy, c clicks, d hard-bounces, e complains, f is only
 * delivered) and a template with two links.
 */
export async function seed() {
  const { owner, api, orgId, q, aws } = await teamOrgWithMonitoring('reports', SENDER)

  const topic = await api.post<{ id: string }>(`/api/topics?${q}`, {
    name: 'Book club',
    description: 'New books',
  })
  expect(topic.status, JSON.stringify(topic.body)).toBe(201)
  const labels = {
    a: 'success+a',
    b: 'success+b',
    c: 'success+c',
    d: 'bounce+d',
    e: 'complaint+e',
    f: 'success+f',
  }
  const contacts: Record<string, { id: string; email: string }> = {}
  for (const [key, label] of Object.entries(labels)) {
    const created = await api.post<{ id: string; email: string }>(`/api/contacts?${q}`, {
      email: sim(label),
      firstName: `Reader ${key.toUpperCase()}`,
      topicPreferences: [{ topicId: topic.body.id, status: 'OPT_IN' }],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    contacts[key] = created.body
  }
  const template = await api.post<{ id: string }>(`/api/templates?${q}`, {
    name: 'book-news',
    editorType: 'HTML',
    subject: 'New books for {{firstName}}',
    source: TEMPLATE_HTML,
  })
  expect(template.status, JSON.stringify(template.body)).toBe(201)
  return {
    owner,
    api,
    orgId,
    awsAccountId: aws.body.id,
    topicId: topic.body.id,
    templateId: template.body.id,
    contacts,
  }
}

export type Seed = Awaited<ReturnType<typeof seed>>

/**
 * Creates and sends a campaign to the topic; resolves once SES's deliveries, bounce and complaint are counted
 * (`delivered` messages; `flagged`: the first send's bounce and complaint, after which those two are suppressed).
 */
export async function sendCampaign(
  seeded: Seed,
  name: string,
  expected: { delivered: number; flagged: number },
) {
  const { api, orgId } = seeded
  const created = await api.post<{ id: string }>(
    `/api/campaigns?organizationId=${orgId}&awsAccountId=${seeded.awsAccountId}`,
    {
      name,
      sender: {
        fromEmail: SENDER,
        fromName: 'Acme Books',
        replyTo: null,
        postalAddress: '1 Main Street, Springfield',
      },
      templateId: seeded.templateId,
      topicIds: [seeded.topicId],
    },
  )
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const id = created.body.id
  const sent = await api.patch(`/api/campaigns/${id}?organizationId=${orgId}`, { action: 'send' })
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  await until(
    async () => (await api.get<Report>(`/api/campaigns/${id}/report?organizationId=${orgId}`)).body.counts,
    (counts) =>
      counts?.delivered === expected.delivered &&
      counts.hardBounces === expected.flagged &&
      counts.complaints === expected.flagged,
    `${name}'s SES events`,
  )
  const rows = await api.get<{ items: { contactId: string; messageId: string | null }[] }>(
    `/api/campaigns/${id}/recipients?organizationId=${orgId}&limit=50`,
  )
  const messageOf = (key: string) =>
    rows.body.items.find((row) => row.contactId === seeded.contacts[key]?.id)?.messageId as string
  return { id, messageOf }
}

export async function engage(
  api: Api,
  orgId: string,
  id: string,
  plays: [string, 'OPEN' | 'CLICK', string?, typeof HUMAN?][],
) {
  for (const [messageId, type, link, agent] of plays)
    await simulateLocalSesEngagement(stack, {
      messageId,
      type,
      ...(link ? { link } : {}),
      ...(agent ?? HUMAN),
    })
  await until(
    async () =>
      (await api.get<Report>(`/api/campaigns/${id}/report?organizationId=${orgId}&machineOpens=include`)).body
        .counts,
    (counts) => (counts.totalOpens ?? 0) + (counts.totalClicks ?? 0) === plays.length,
    'the opens and clicks to be counted',
  )
}

/** Nothing wider than the 390 px window, once the shell's drawer has finished sliding away (0.2 s). */
export async function fitsPhone(page: Page) {
  await until(
    () => hasHorizontalOverflow(page),
    (overflows) => !overflows,
    'the page to fit 390 px',
  )
}
