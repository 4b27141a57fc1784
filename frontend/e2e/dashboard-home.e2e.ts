import { apiClient } from '@app/local-stack/testing/api-client'
import { signUp } from '@app/local-stack/testing/cognito-users'
import {
  createLocalCustomerAccount,
  grantProductionAccess,
  verifyLocalIdentity,
} from '@app/local-stack/testing/local-aws'
import { payCheckout, waitForStripeDeliveries } from '@app/local-stack/testing/stripe'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, PASSWORD, stack, submitSignIn } from './support/session'

const browser = browserForFile()
const SENDER = 'news@home.example'
const POSTAL = 'Acme Books, 1 Main Street, Springfield'
const TEMPLATE_HTML = `<!doctype html><html><body>
<h1>Hello {{firstName}}</h1>
<p>What we shipped this month.</p>
<p>${POSTAL}</p>
<p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>
</body></html>`
/** Three readers who receive the mail, and SES's simulator address that always bounces. */
const READERS = 3
const BOUNCE = 'bounce@simulator.amazonses.com'

type Api = ReturnType<typeof apiClient>

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

/** Polls `read` until `done` holds for its value (a deadline, no fixed sleep). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 90_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
}

/** A new user with an organization; `plan` TEAM goes through the Stripe stand-in's checkout. */
async function newOrganization(prefix: string, plan: 'TEAM' | 'START') {
  const owner = await signUp(stack, { email: uniqueEmail(prefix), password: PASSWORD })
  const api = apiClient(stack, owner.idToken)
  const account = await api.post<{ organizations: { id: string }[] }>('/api/account', { email: owner.email })
  const orgId = account.body.organizations[0]?.id as string
  if (plan === 'TEAM') {
    const checkout = await api.post<{ url: string }>('/api/payments/checkout-sessions', {
      organizationId: orgId,
      plan: 'TEAM_MONTHLY',
    })
    expect((await payCheckout(checkout.body.url, { card: 'success' })).paid).toBe(true)
    await waitForStripeDeliveries(stack)
  }
  const changed = await api.patch(`/api/organizations/${orgId}`, {
    name: 'Acme Books',
    ...(plan === 'START' ? { plan: 'START' } : {}),
  })
  expect(changed.status, JSON.stringify(changed.body)).toBe(200)
  return { owner, api, orgId, q: `organizationId=${orgId}` }
}

/** A production AWS account with monitoring on, a template, and a campaign sent to four (one bounces). */
async function seedSender(api: Api, orgId: string, q: string) {
  const keys = await createLocalCustomerAccount(stack)
  await grantProductionAccess(stack, keys.accountId)
  await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: SENDER })
  const aws = await api.post<{ id: string }>(`/api/aws-accounts?${q}`, {
    method: 'keys',
    region: 'us-east-1',
    name: 'Production',
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
  })
  expect(aws.status, JSON.stringify(aws.body)).toBe(201)
  const awsAccountId = aws.body.id
  const enabled = await api.post(`/api/aws-accounts/${awsAccountId}/enable-monitoring`, {
    organizationId: orgId,
  })
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200)
  await until(
    async () =>
      (
        await api.get<{ items: { id: string; monitoring: { state: string } | null }[] }>(
          `/api/aws-accounts?${q}`,
        )
      ).body.items,
    (items) => items.some((item) => item.id === awsAccountId && item.monitoring?.state === 'ACTIVE'),
    'SNS to confirm the monitoring subscription',
  )

  const topic = await api.post<{ id: string }>(`/api/topics?${q}`, { name: 'Product news' })
  expect(topic.status, JSON.stringify(topic.body)).toBe(201)
  const emails = [...Array.from({ length: READERS }, (_, index) => uniqueEmail(`reader${index}`)), BOUNCE]
  for (const email of emails) {
    const created = await api.post(`/api/contacts?${q}`, {
      email,
      firstName: 'Reader',
      topicPreferences: [{ topicId: topic.body.id, status: 'OPT_IN' }],
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
  }
  const template = await api.post<{ id: string }>(`/api/templates?${q}`, {
    name: 'monthly-news',
    editorType: 'HTML',
    subject: 'News for {{firstName}}',
    source: TEMPLATE_HTML,
  })
  expect(template.status, JSON.stringify(template.body)).toBe(201)
  const campaign = await api.post<{ id: string; version: number }>(
    `/api/campaigns?${q}&awsAccountId=${awsAccountId}`,
    {
      name: 'November news',
      sender: { fromEmail: SENDER, fromName: 'Acme Books', postalAddress: POSTAL },
      templateId: template.body.id,
      topicIds: [topic.body.id],
    },
  )
  expect(campaign.status, JSON.stringify(campaign.body)).toBe(201)
  const sent = await api.patch(`/api/campaigns/${campaign.body.id}?${q}`, { action: 'send' })
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  await until(
    async () => (await api.get<{ status: string }>(`/api/campaigns/${campaign.body.id}?${q}`)).body.status,
    (status) => status === 'SENT',
    'the campaign to be sent',
  )
  // The bounce reaches the monitoring counts through SES → SNS → our events endpoint.
  const from = new Date(Date.now() - 3_600_000).toISOString()
  await until(
    async () =>
      (
        await api.get<{ totals: { sent: number; bounced: number } }>(
          `/api/aws-accounts/${awsAccountId}/reports/resolved-statuses-combined?${q}&from=${from}&to=${new Date(Date.now() + 3_600_000).toISOString()}`,
        )
      ).body.totals,
    (totals) => totals?.sent === emails.length && totals.bounced === 1,
    'the bounce to be counted',
  )
  // …and the campaign's report (issue 19's counting) through the same events.
  await until(
    async () =>
      (
        await api.get<{ counts: { delivered: number; hardBounces: number } }>(
          `/api/campaigns/${campaign.body.id}/report?${q}`,
        )
      ).body.counts,
    (counts) => counts?.delivered === READERS && counts.hardBounces === 1,
    'the campaign report to count the deliveries and the bounce',
  )
  return { awsAccountId, campaignId: campaign.body.id, templateId: template.body.id }
}

async function signInAt(page: Page, email: string) {
  await page.goto(at('/auth/sign-in'))
  await submitSignIn(page, email)
  await page.waitForURL((url) => url.pathname === '/app')
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

describe('the dashboard home in a real browser', () => {
  it('shows a new Team organization the next step in every section, with working links, at 390 px and on desktop', async () => {
    const { owner } = await newOrganization('home-new', 'TEAM')
    const tab = await openTab(browser(), { width: 1280, height: 900 })
    const { page } = tab
    await signInAt(page, owner.email)

    const health = section(page, 'AWS account health')
    await health.getByText('Connect your AWS account').waitFor()
    expect(await health.getByRole('link', { name: 'Add AWS Account' }).getAttribute('href')).toBe(
      '/app/aws-accounts/new',
    )
    const campaigns = section(page, 'Recent campaigns')
    await campaigns.getByText('No campaigns yet').waitFor()
    expect(await campaigns.getByRole('link', { name: 'Import contacts' }).getAttribute('href')).toBe(
      '/app/audience/contacts/import',
    )
    expect(await campaigns.getByRole('link', { name: 'Create campaign' }).getAttribute('href')).toBe(
      '/app/campaigns/new',
    )
    const templates = section(page, 'Templates changed recently')
    await templates.getByText('No templates yet').waitFor()
    await section(page, 'Jobs running').getByText('Nothing running in the background').waitFor()
    // The organizations card keeps its place: switching and adding organizations.
    await section(page, 'Organizations').getByText('Acme Books').first().waitFor()
    // No section failed (the only alert is the verify-email banner of a fresh sign-up).
    expect(await page.getByText(/^Could not read/).count()).toBe(0)
    await expectAccessible(page)
    await screenshot(page, 'desktop-dashboard-home-new')

    await page.setViewportSize({ width: 390, height: 844 })
    await templates.getByText('No templates yet').waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await expectAccessible(page)
    await screenshot(page, 'mobile-dashboard-home-new')

    // The links lead where they say.
    await templates.getByRole('link', { name: 'Create template' }).click()
    await page.waitForURL(at('/app/templates/new'))
    await page.goBack()
    await health.getByRole('link', { name: 'Add AWS Account' }).click()
    await page.waitForURL(at('/app/aws-accounts/new'))
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('shows a START organization an upgrade hint for campaigns, not an error', async () => {
    const { owner } = await newOrganization('home-start', 'START')
    const tab = await openTab(browser(), { width: 390, height: 844 })
    const { page } = tab
    await signInAt(page, owner.email)
    const campaigns = section(page, 'Recent campaigns')
    await campaigns.getByText('Campaigns come with the Team plan').waitFor()
    expect(await campaigns.getByRole('link', { name: 'Upgrade to Team' }).getAttribute('href')).toBe(
      '/app/organization/billing?choose=plan',
    )
    await section(page, 'Templates changed recently').getByText('No templates yet').waitFor()
    // No section failed (the only alert is the verify-email banner of a fresh sign-up).
    expect(await page.getByText(/^Could not read/).count()).toBe(0)
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await expectAccessible(page)
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })

  it('shows an organization that has sent its account health, bounce rate against the threshold, the campaign and the template', async () => {
    const { owner, api, orgId, q } = await newOrganization('home-sent', 'TEAM')
    const { campaignId, templateId } = await seedSender(api, orgId, q)
    const tab = await openTab(browser(), { width: 1280, height: 900 })
    const { page } = tab
    await signInAt(page, owner.email)

    const health = section(page, 'AWS account health')
    await health.getByText('Production · us-east-1').waitFor()
    await health.getByText('Enabled', { exact: true }).waitFor()
    await health.getByText('14 emails per second').waitFor()
    await health.getByText(/^4 of 50,000 sent in the last 24 hours \(0 %\)/).waitFor()
    // One bounce in four: 25 %, past SES's 10 %.
    const bounce = health.getByRole('definition').filter({ hasText: '25 %' })
    await bounce.getByText('At risk', { exact: true }).waitFor()
    await health.getByText('The bounce rate is 25 % (warning at 5 %, at risk at 10 %).').waitFor()

    const campaigns = section(page, 'Recent campaigns')
    const row = campaigns.getByRole('listitem').filter({ hasText: 'November news' })
    await row.getByText(/^Sent/).waitFor()
    await row.getByText(/^4 of 4 sent · 4 recipients/).waitFor()
    expect(
      await row.getByRole('progressbar', { name: 'Progress of November news' }).getAttribute('value'),
    ).toBe('100')
    // Its rates from the report: nobody opened yet; one hard bounce in four sent is past SES's 10 %.
    const rates = row.getByRole('list', { name: 'Rates of November news' })
    await rates.getByText('Opened 0 %').waitFor()
    await rates.getByText('Clicked 0 %').waitFor()
    await rates.getByRole('listitem').filter({ hasText: 'Bounced 25 %' }).getByText('At risk').waitFor()
    expect(await row.getByRole('link', { name: 'November news' }).getAttribute('href')).toBe(
      `/app/campaigns/${campaignId}`,
    )
    const templates = section(page, 'Templates changed recently')
    const template = templates.getByRole('link', { name: 'monthly-news' })
    expect(await template.getAttribute('href')).toBe(`/app/templates/${templateId}`)
    await templates.getByText(`by ${owner.email}`).waitFor()
    // No section failed (the only alert is the verify-email banner of a fresh sign-up).
    expect(await page.getByText(/^Could not read/).count()).toBe(0)
    await expectAccessible(page)
    await screenshot(page, 'desktop-dashboard-home-sent')

    await page.setViewportSize({ width: 390, height: 844 })
    await row.getByText(/^4 of 4 sent/).waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await expectAccessible(page)
    await screenshot(page, 'mobile-dashboard-home-sent')
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })
})
