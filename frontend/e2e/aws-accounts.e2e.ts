import {
  createLocalCustomerAccount,
  grantProductionAccess,
  updateLocalSesAccount,
} from '@app/local-stack/testing/local-aws'
import { waitForMail } from '@app/local-stack/testing/mailbox'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { type BrowserTab, hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { signUpOnTeam } from './support/journeys'
import { nowSeconds, uniqueEmail } from './support/mailbox'
import { at, browserForFile, stack, submitSignUp } from './support/session'

const browser = browserForFile()

async function signUpOnStart(page: Page, prefix: string) {
  await page.goto(at('/auth/sign-up'))
  await submitSignUp(page, uniqueEmail(prefix))
  await page.waitForURL(at('/app/onboarding/plan'))
  await page.getByRole('button', { name: 'Start for free' }).click()
  await page.waitForURL(at('/app'))
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
}

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

/** Phone width: no sideways scrolling; the drawer's slide-out has finished before the picture. */
async function checkPhone(tab: BrowserTab, name: string) {
  await tab.page.setViewportSize({ width: 390, height: 844 })
  await tab.page.waitForTimeout(300)
  expect(await hasHorizontalOverflow(tab.page), `overflow at ${tab.page.url()}`).toBe(false)
  await screenshot(tab.page, name)
  await tab.page.setViewportSize({ width: 1280, height: 860 })
}

/**
 * A tab whose API calls are counted, so it closes only once they have answered: a call still running when the
 * stack stops fails against stopped stand-ins (calls into the customer's throttled SES take a few seconds).
 */
async function openTrackedTab(): Promise<BrowserTab & { closeWhenSettled(): Promise<void> }> {
  const tab = await openTab(browser())
  const pending = new Set<unknown>()
  tab.page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) pending.add(request)
  })
  const settle = (request: unknown) => {
    pending.delete(request)
  }
  tab.page.on('requestfinished', settle)
  tab.page.on('requestfailed', settle)
  return {
    ...tab,
    async closeWhenSettled() {
      for (let waited = 0; pending.size > 0 && waited < 15_000; waited += 100)
        await tab.page.waitForTimeout(100)
      await tab.close()
    },
  }
}

function identityRow(page: Page, identity: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: identity }) })
}

describe('customer AWS accounts in a real browser (local AWS stand-in)', () => {
  it('connects with access keys, shows the sandbox, verifies an address from its mail and sends a test email', async () => {
    const tab = await openTrackedTab()
    const { page } = tab
    // An AWS account of this test's own: its identities, quotas and throttle are shared with no other test.
    const keys = await createLocalCustomerAccount(stack)
    await signUpOnStart(page, 'aws-keys')

    // Spec §4: with no AWS account the top bar offers to add one.
    const banner = page.getByRole('banner')
    await banner.getByRole('link', { name: 'Add AWS Account' }).click()
    await page.waitForURL(at('/app/aws-accounts/new'))
    await page.getByRole('heading', { level: 1, name: 'Add AWS Account' }).waitFor()
    await page.getByRole('radio', { name: /IAM role/ }).waitFor()
    await page.getByRole('radio', { name: /Access keys/ }).check()
    await page.getByText('IAM policy to attach').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-aws-new-keys')

    // A wrong secret still saves the connection and says what failed and what to do.
    await page.getByLabel('Name (optional)').fill('Sending')
    await page.getByLabel('Access key id').fill(keys.accessKeyId)
    await page.getByLabel('Secret access key').fill('not-the-right-secret-for-this-access-key')
    await page.getByRole('button', { name: 'Connect and check' }).click()
    const failure = page.getByRole('alert').filter({ hasText: 'SES Studio could not use this connection' })
    await failure.getByText(/secret access key does not belong to this access key id/i).waitFor()
    await failure.getByRole('button', { name: 'Check again' }).waitFor()
    expect(new URL(page.url()).searchParams.get('connection')).toMatch(/^[0-9A-Z]{26}$/)
    await banner.getByRole('link', { name: 'Finish AWS configuration' }).waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-aws-keys-failed')

    // The right key: verified, selected, and on to the status page.
    await page.getByLabel('Access key id').fill(keys.accessKeyId)
    await page.getByLabel('Secret access key').fill(keys.secretAccessKey)
    await page.getByRole('button', { name: 'Save and check' }).click()
    await page.waitForURL(at('/app/aws-account'))
    await page.getByText('Sending is connected.').first().waitFor()
    await page.getByRole('heading', { level: 1, name: 'AWS account status' }).waitFor()
    await page.getByText('Sandbox', { exact: true }).waitFor()
    await page.getByText('0 of 200 sent in the last 24 hours (0 %), 200 left').waitFor()
    await page.getByText('This account is in the SES sandbox').waitFor()
    await page.getByRole('button', { name: 'Request production access' }).waitFor()
    // The secret is never shown again; the key id is.
    expect(await page.content()).not.toContain(keys.secretAccessKey)
    await page.getByText(keys.accessKeyId).first().waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-aws-status-sandbox')

    // The selector now names the account; its menu lists it as verified.
    await banner.getByRole('button', { name: /AWS account: Sending/ }).click()
    await banner.getByRole('button', { name: /Sending.*Verified/ }).waitFor()
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await checkPhone(tab, 'mobile-aws-status-sandbox')

    // Add an address: SES mails a verification link to it.
    const sender = uniqueEmail('aws-sender')
    const since = nowSeconds()
    await page.getByRole('link', { name: 'Manage email identities' }).click()
    await page.waitForURL(at('/app/email-identities'))
    await page.getByText('No identities yet').waitFor()
    await page.getByRole('button', { name: 'Add identity' }).click()
    await page.getByRole('textbox', { name: 'Email address' }).fill(sender)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Send verification email' }).click()
    await page.getByText(`Check the inbox of ${sender}`).waitFor()
    await identityRow(page, sender).getByText('Pending').first().waitFor()
    await screenshot(page, 'desktop-aws-identity-added')

    const mail = await waitForMail(stack, {
      to: sender,
      since,
      subjectIncludes: 'Email Address Verification Request',
      timeoutMs: 20_000,
    })
    const link = `${mail.text ?? ''}`.match(/https?:\/\/\S+verify\S*/)?.[0]
    expect(link, 'verification link in the mail').toBeDefined()
    const mailTab = await tab.context.newPage()
    await mailTab.goto(String(link))
    await mailTab.close()
    await page.getByRole('button', { name: 'Done' }).click()
    await page.getByRole('button', { name: 'Refresh' }).click()
    await identityRow(page, sender).getByText('Verified').waitFor()
    await identityRow(page, sender).getByText('Yes').waitFor()

    // A domain: its three DKIM records, SPF/DMARC guidance and the MAIL FROM records.
    await page.getByRole('button', { name: 'Add identity' }).click()
    await page.getByRole('radio', { name: /^Domain/ }).check()
    const domain = `${Date.now().toString(36)}.example.test`
    await page.getByRole('textbox', { name: 'Domain', exact: true }).fill(domain)
    await page.getByLabel('Custom MAIL FROM subdomain (optional)').fill(`mail.${domain}`)
    await page.getByRole('button', { name: 'Add domain' }).click()
    await page.getByText(`${domain} was added`).waitFor()
    const dkim = page.getByRole('listitem').filter({ hasText: '._domainkey' })
    expect(await dkim.count()).toBe(3)
    await page.getByText(`10 feedback-smtp.${stack.region}.amazonses.com`).waitFor()
    await page.getByText(/v=DMARC1; p=none/).waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-aws-domain-records')
    await page.getByRole('button', { name: 'Done' }).click()

    // The sandbox refuses a recipient that is not verified, and the dialog says why.
    await page.getByRole('button', { name: 'Send test email' }).click()
    const dialog = page.getByRole('dialog', { name: 'Send test email' })
    await dialog.waitFor()
    expect(await dialog.getByLabel('To', { exact: true }).inputValue()).toBe(sender)
    expect(await dialog.getByLabel('From', { exact: true }).inputValue()).toBe(sender)
    await expectAccessible(page)
    await dialog.getByLabel('To', { exact: true }).fill(uniqueEmail('aws-stranger'))
    await dialog.getByRole('button', { name: 'Send test email' }).click()
    await dialog.getByText(/SES delivers only to verified addresses/).waitFor()
    await screenshot(page, 'desktop-aws-test-rejected')

    // To the verified address: sent through the customer's SES, and it is in the mailbox.
    const sentSince = nowSeconds()
    await dialog.getByLabel('To', { exact: true }).fill(sender)
    await dialog.getByLabel('Subject').fill('Hello from the e2e journey')
    await dialog.getByRole('button', { name: 'Send test email' }).click()
    await page.getByText(new RegExp(`Test email sent to ${sender}\\. Message id \\S+`)).waitFor()
    await dialog.waitFor({ state: 'hidden' })
    const delivered = await waitForMail(stack, {
      to: sender,
      since: sentSince,
      subjectIncludes: 'Hello from the e2e journey',
    })
    expect(delivered.from).toContain(sender)
    expect(delivered.html).toContain('This is a test email sent through your own Amazon SES account')
    await checkPhone(tab, 'mobile-aws-identities')

    // The status page counts the identities.
    await page.goto(at('/app/aws-account'))
    await page.getByText('2 in total, 1 verified').waitFor()

    expect(tab.pageErrors).toEqual([])
    await tab.closeWhenSettled()
  }, 120_000)

  it('connects with the recommended role (ExternalId, quick-create in the console, RoleArn), asks for production access, switches between two accounts', async () => {
    const tab = await openTrackedTab()
    const { page } = tab
    const customer = await createLocalCustomerAccount(stack, { name: 'Role customer' })
    // Two AWS accounts need a plan with two seats (Start has one).
    await signUpOnTeam(page, 'aws-role')

    await page.goto(at('/app/aws-account'))
    await page.getByText('No AWS account connected yet').waitFor()
    await page.getByRole('main').getByRole('link', { name: 'Add AWS Account' }).click()
    await page.getByLabel('Name (optional)').fill('Main')
    await page.getByRole('button', { name: 'Create connection' }).click()
    await page.getByRole('heading', { name: 'Finish connecting Main' }).waitFor()
    await page.getByRole('banner').getByRole('link', { name: 'Add AWS credentials' }).waitFor()
    const externalId = (await page.getByTestId('external-id').textContent())?.trim() ?? ''
    expect(externalId).toMatch(/^[0-9a-f]{32}$/)
    await page.getByText('Sender identities').first().waitFor()
    const template = await page.getByRole('link', { name: /View the template/ }).getAttribute('href')
    const templateBody = (await (await fetch(String(template))).json()) as { Resources?: object }
    expect(templateBody.Resources).toBeDefined()
    await expectAccessible(page)
    await screenshot(page, 'desktop-aws-role-steps')
    await checkPhone(tab, 'mobile-aws-role-steps')

    // The local AWS console stands in for CloudFormation's quick-create page.
    const launch = page.getByRole('link', { name: /Launch stack in AWS/ })
    expect(await launch.getAttribute('href')).toContain(`param_ExternalId=${externalId}`)
    const [awsConsole] = await Promise.all([tab.context.waitForEvent('page'), launch.click()])
    await awsConsole.getByRole('button', { name: 'Create stack' }).waitFor()
    expect(await awsConsole.locator('#param_ExternalId').inputValue()).toBe(externalId)
    await awsConsole.locator('#accountId').selectOption(customer.accountId)
    await awsConsole.getByRole('button', { name: 'Create stack' }).click()
    const roleArn = (await awsConsole.locator('#output-RoleArn').textContent())?.trim() ?? ''
    expect(roleArn).toBe(`arn:aws:iam::${customer.accountId}:role/SesStudioAccess-us-east-1`)
    await awsConsole.close()

    await page.getByRole('textbox', { name: 'Role ARN' }).fill(roleArn)
    await page.getByRole('button', { name: 'Connect' }).click()
    await page.waitForURL(at('/app/aws-account'))
    await page.getByRole('main').getByText('IAM role', { exact: true }).first().waitFor()
    await page.getByText(customer.accountId, { exact: true }).waitFor()
    await page.getByText('Sandbox', { exact: true }).waitFor()

    // The guided production-access request: the draft's gaps must be filled before it goes to AWS.
    await page.getByRole('button', { name: 'Request production access' }).click()
    await page.getByLabel('Website').fill('https://acme.example')
    const useCase = page.getByLabel('How you will use Amazon SES')
    expect(await useCase.inputValue()).toContain('(acme.example) uses Amazon SES')
    await page.getByRole('button', { name: 'Send request to AWS' }).click()
    await page.getByText(/Replace the parts in brackets/).waitFor()
    await expectAccessible(page)
    await useCase.fill((await useCase.inputValue()).replaceAll(/\[[^\]]+\]/g, '2,000'))
    await page.getByRole('button', { name: 'Send request to AWS' }).click()
    await page.getByText('Your request for production access was sent to AWS.').waitFor()
    await page.getByText('In review').waitFor()
    await screenshot(page, 'desktop-aws-review')

    // AWS answers; the account also lands on probation with sending paused: Refresh shows each with guidance.
    await grantProductionAccess(stack, customer.accountId)
    await updateLocalSesAccount(stack, customer.accountId, {
      enforcementStatus: 'PROBATION',
      sendingEnabled: false,
    })
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page.getByText('Production', { exact: true }).waitFor()
    await page.getByText('This account is on probation').waitFor()
    await page.getByText('Sending is paused').waitFor()
    expect(await page.getByText('This account is in the SES sandbox').count()).toBe(0)
    await expectAccessible(page)
    await screenshot(page, 'desktop-aws-production-probation')
    await checkPhone(tab, 'mobile-aws-production-probation')

    // A second account is selected once connected; the selector switches back and closes (spec §4).
    const second = await createLocalCustomerAccount(stack, { name: 'Second customer' })
    const banner = page.getByRole('banner')
    await banner.getByRole('button', { name: /AWS account: Main/ }).click()
    await banner.getByRole('link', { name: 'Add AWS Account' }).click()
    await page.getByRole('radio', { name: /Access keys/ }).check()
    await page.getByLabel('Name (optional)').fill('Backup')
    await page.getByLabel('Access key id').fill(second.accessKeyId)
    await page.getByLabel('Secret access key').fill(second.secretAccessKey)
    await page.getByRole('button', { name: 'Connect and check' }).click()
    await page.waitForURL(at('/app/aws-account'))
    await banner.getByRole('button', { name: /AWS account: Backup/ }).waitFor()
    await page.getByRole('main').getByText('Backup', { exact: true }).first().waitFor()
    await banner.getByRole('button', { name: /AWS account: Backup/ }).click()
    // The switch shows at once and is saved in the background: the reload below must follow the save.
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/account') && response.request().method() === 'PATCH',
    )
    await banner.getByRole('button', { name: /^Main/ }).click()
    expect((await saved).ok()).toBe(true)
    await banner.getByRole('button', { name: /AWS account: Main/ }).waitFor()
    expect(await banner.getByRole('button', { name: /^Backup/ }).count()).toBe(0)
    await page.getByRole('main').getByText('IAM role', { exact: true }).first().waitFor()
    await page.reload()
    await banner.getByRole('button', { name: /AWS account: Main/ }).waitFor()

    // Deleting forgets the connection only; the other account is the one left.
    await page.getByRole('button', { name: 'Delete connection' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete connection' }).click()
    await banner.getByRole('button', { name: /AWS account: Backup/ }).waitFor()
    await page.getByText('Access keys', { exact: true }).first().waitFor()

    expect(tab.pageErrors).toEqual([])
    await tab.closeWhenSettled()
  }, 120_000)

  it('refuses a second connection to the same AWS account and region, and links to the first', async () => {
    const tab = await openTrackedTab()
    const { page } = tab
    const keys = await createLocalCustomerAccount(stack)
    await signUpOnStart(page, 'aws-twice')

    const connect = async (name: string) => {
      await page.goto(at('/app/aws-accounts/new'))
      await page.getByRole('radio', { name: /Access keys/ }).check()
      await page.getByLabel('Name (optional)').fill(name)
      await page.getByLabel('Access key id').fill(keys.accessKeyId)
      await page.getByLabel('Secret access key').fill(keys.secretAccessKey)
      await page.getByRole('button', { name: 'Connect and check' }).click()
    }
    await connect('Production')
    await page.waitForURL(at('/app/aws-account'))
    await page.getByText('Production is connected.').first().waitFor()

    await connect('Same again')
    const refusal = page.getByRole('alert').filter({ hasText: 'This AWS account is already connected' })
    await refusal
      .getByText(
        `AWS account ${keys.accountId} in us-east-1 is already connected to this organization as 'Production'`,
      )
      .waitFor()
    const open = refusal.getByRole('link', { name: 'Open Production' })
    await open.waitFor()
    expect(page.url()).toBe(at('/app/aws-accounts/new'))
    await expectAccessible(page)
    await screenshot(page, 'desktop-aws-already-connected')
    await checkPhone(tab, 'mobile-aws-already-connected')

    await open.click()
    await page.waitForURL(at('/app/aws-account'))
    await page.getByRole('heading', { level: 1, name: 'AWS account status' }).waitFor()
    // The status page now shows the existing connection.
    await page.locator('header strong', { hasText: 'Production' }).first().waitFor()
    expect(tab.pageErrors).toEqual([])
    await tab.closeWhenSettled()
  }, 120_000)
})
