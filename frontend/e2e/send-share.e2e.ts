/**
 * The campaigns' share of an AWS account's send rate: shown and changed on the AWS account page (10–100 %), and
 * used by the campaign's estimate at Review.
 */
import { describe, expect, it } from 'vitest'
import { openTab, screenshot } from './support/browser'
import { SENDER, seed } from './support/campaign-seed'
import { at, browserForFile, submitSignIn } from './support/session'

const browser = browserForFile()

describe('the campaigns’ share of the send rate', () => {
  it('is changed on the AWS account page and paces the campaign estimate', { timeout: 240_000 }, async () => {
    const seeded = await seed()
    const { page } = await openTab(browser(), { width: 1280, height: 900 })
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, seeded.owner.email)
    await page.waitForURL((url) => url.pathname.startsWith('/app'))

    await page.goto(at('/app/aws-account'))
    const field = page.getByLabel("Campaigns' share of the send rate (%)")
    await field.waitFor()
    expect(await field.inputValue()).toBe('80')
    const save = page
      .getByRole('form', { name: 'Campaign sending rate' })
      .getByRole('button', { name: 'Save' })
    await field.fill('5')
    await save.click()
    await page.getByText('Enter a whole number from 10 to 100.').waitFor()
    await field.fill('100')
    await save.click()
    await page.getByText("Campaigns now send at 100% of the account's rate.").waitFor()
    await page.getByText('100%', { exact: true }).waitFor()
    const listed = await seeded.api.get<{ items: { sendSharePercent: number }[] }>(
      `/api/aws-accounts?organizationId=${seeded.orgId}`,
    )
    expect(listed.body.items[0]?.sendSharePercent).toBe(100)
    await screenshot(page, 'share-aws-account-1280')
    await page.setViewportSize({ width: 390, height: 900 })
    await screenshot(page, 'share-aws-account-390')
    await page.setViewportSize({ width: 1280, height: 900 })

    // A campaign through the same account: its Review estimates at 100 % of MaxSendRate.
    const created = await seeded.api.post<{ id: string }>(
      `/api/campaigns?organizationId=${seeded.orgId}&awsAccountId=${seeded.awsAccountId}`,
      {
        name: 'Share check',
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
    await page.goto(at(`/app/campaigns/${created.body.id}?step=review`))
    await page.getByText('Estimated duration').waitFor()
    await page.getByText(/100% of the account's limit/).waitFor()
    await screenshot(page, 'share-campaign-estimate-1280')
    await page.setViewportSize({ width: 390, height: 900 })
    await screenshot(page, 'share-campaign-estimate-390')
  })
})
