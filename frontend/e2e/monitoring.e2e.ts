import { createLocalCustomerAccount, simulateLocalSesEngagement } from '@app/local-stack/testing/local-aws'
import { waitForMail } from '@app/local-stack/testing/mailbox'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { connectWithKeys, signUpOnTeam } from './support/journeys'
import { nowSeconds, uniqueEmail } from './support/mailbox'
import { at, browserForFile, stack } from './support/session'

const browser = browserForFile()

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

/** Verifies an address the way a user does: the link in SES's verification mail. */
async function addVerifiedSender(page: Page, sender: string) {
  const since = nowSeconds()
  await page.goto(at('/app/email-identities'))
  await page.getByRole('button', { name: 'Add identity' }).click()
  await page.getByRole('textbox', { name: 'Email address' }).fill(sender)
  await page.getByRole('button', { name: 'Send verification email' }).click()
  await page.getByText(`Check the inbox of ${sender}`).waitFor()
  const mail = await waitForMail(stack, {
    to: sender,
    since,
    subjectIncludes: 'Email Address Verification Request',
    timeoutMs: 20_000,
  })
  const link = `${mail.text ?? ''}`.match(/https?:\/\/\S+verify\S*/)?.[0]
  expect(link, 'verification link in the mail').toBeDefined()
  const response = await fetch(String(link))
  expect(response.ok).toBe(true)
  await page.getByRole('button', { name: 'Done' }).click()
}

async function sendTestEmail(page: Page, to: string, subject: string): Promise<string> {
  await page.goto(at('/app/email-identities'))
  await page.getByRole('button', { name: 'Send test email' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send test email' })
  await dialog.getByLabel('To', { exact: true }).fill(to)
  await dialog.getByLabel('Subject').fill(subject)
  await dialog.getByRole('button', { name: 'Send test email' }).click()
  const sent = page.getByText(new RegExp(`Test email sent to ${to}\\. Message id \\S+`))
  await sent.waitFor()
  const text = (await sent.textContent()) ?? ''
  await dialog.waitFor({ state: 'hidden' })
  return /Message id (\S+?)\.?$/.exec(text.trim())?.[1] ?? ''
}

describe('logs & metrics in a real browser (local SNS and SES)', () => {
  it('enables monitoring on a Team plan; a test email shows in the log with its delivery, opens and clicks', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    const keys = await createLocalCustomerAccount(stack)
    await signUpOnTeam(page, 'monitoring')

    await connectWithKeys(page, keys, 'Production')
    const sender = uniqueEmail('monitored-sender')
    await addVerifiedSender(page, sender)

    // Off: what it creates in the customer's account, and the events to record.
    await page.goto(at('/app/monitoring'))
    await page.getByRole('heading', { level: 1, name: 'Logs & metrics' }).waitFor()
    await page.getByText('Monitoring is off').waitFor()
    await page.getByRole('checkbox', { name: /Opens/ }).waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-monitoring-off')
    await page.getByRole('button', { name: 'Enable monitoring' }).click()
    // SNS confirms the subscription to our endpoint; the page follows it to "on".
    await page.getByRole('heading', { name: 'Metrics', exact: true }).waitFor({ timeout: 30_000 })
    await page
      .getByText(/No messages yet/)
      .first()
      .waitFor()
    await screenshot(page, 'desktop-monitoring-empty')

    const subject = 'Monitored hello'
    const messageId = await sendTestEmail(page, sender, subject)
    expect(messageId).not.toBe('')
    await waitForMail(stack, { to: sender, subjectIncludes: subject })
    await simulateLocalSesEngagement(stack, { messageId, type: 'OPEN' })
    await simulateLocalSesEngagement(stack, { messageId, type: 'CLICK', link: 'https://example.com/docs' })

    await page.goto(at('/app/monitoring'))
    const log = page.getByRole('region', { name: 'Message log' })
    const row = log.getByRole('row').filter({ hasText: subject })
    for (let attempt = 0; attempt < 20 && !(await row.getByText('Clicked').count()); attempt += 1) {
      await page.waitForTimeout(500)
      await log.getByRole('button', { name: 'Refresh' }).click()
    }
    await row.getByText('Clicked').waitFor()
    await row.getByText(sender).first().waitFor()
    await row.getByRole('button', { name: /^Events \(/ }).click()
    for (const event of ['Send', 'Delivery', 'Open', 'Click']) {
      await log.getByText(event, { exact: true }).first().waitFor()
    }
    await log.getByText('250 2.6.0 Message received').first().waitFor()

    // The metrics count it: one sent, delivered, opened and clicked.
    const metrics = page.getByRole('region', { name: 'Metrics' })
    await metrics.getByRole('button', { name: 'Refresh' }).click()
    await metrics.getByText('100% delivery rate').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-monitoring-active')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(300)
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'mobile-monitoring-active')
    await page.setViewportSize({ width: 1280, height: 860 })

    // Disabling names what it removes; the log stays readable.
    await page.getByRole('button', { name: 'Disable monitoring' }).first().click()
    await page.getByRole('dialog').getByRole('button', { name: 'Disable monitoring' }).click()
    await page.getByText('Monitoring is off').first().waitFor({ timeout: 30_000 })
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 150_000)
})
