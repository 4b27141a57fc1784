import { createLocalCustomerAccount } from '@app/local-stack/testing/local-aws'
import {
  CreateEmailTemplateCommand,
  GetEmailTemplateCommand,
  SESv2Client,
  UpdateEmailTemplateCommand,
} from '@aws-sdk/client-sesv2'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { type BrowserTab, hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { connectWithKeys, upgradeFromBilling } from './support/journeys'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, stack, submitSignUp } from './support/session'

const browser = browserForFile()
const SES_NAME = 'e2e_order_shipped'
/** Jobs pace their SES calls at about one a second and the page polls every 1.5 s. */
const JOB_TIMEOUT = 60_000

function sesRow(page: Page, name: string): Locator {
  return page
    .getByRole('region', { name: /^In SES/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) })
}

/** Waits for the newest job card titled `title` (e.g. 'Imported from SES') to finish as `status`. */
async function jobFinished(page: Page, title: string, status = 'succeeded') {
  const job = page.getByRole('region', { name: title }).first()
  await job.waitFor({ timeout: JOB_TIMEOUT })
  expect(await job.getAttribute('data-job-status')).toBe(status)
  return job
}

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

/** Phone width: no sideways scrolling, then the picture; back to desktop. */
async function checkPhone(tab: BrowserTab, name: string) {
  await tab.page.setViewportSize({ width: 390, height: 844 })
  await tab.page.waitForTimeout(300)
  expect(await hasHorizontalOverflow(tab.page), `overflow at ${tab.page.url()}`).toBe(false)
  await expectAccessible(tab.page)
  await screenshot(tab.page, name)
  await tab.page.setViewportSize({ width: 1280, height: 860 })
}

describe('SES sync in a real browser (local SES stand-in)', () => {
  it('imports a template made in SES, flags a change made in SES after Refresh, overwrites it by publishing and deletes it from SES', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    const keys = await createLocalCustomerAccount(stack)
    // The customer's own SES, as the AWS console or CLI would change it (the product connects in us-east-1).
    const ses = new SESv2Client({
      maxAttempts: 8,
      retryMode: 'adaptive',
      region: 'us-east-1',
      endpoint: stack.aws.gatewayUrl,
      credentials: { accessKeyId: keys.accessKeyId, secretAccessKey: keys.secretAccessKey },
    })
    await ses.send(
      new CreateEmailTemplateCommand({
        TemplateName: SES_NAME,
        TemplateContent: {
          Subject: 'Your order {{orderId}} is on its way',
          Html: '<html><body><p>Hi {{name}}, order {{orderId}} has shipped.</p></body></html>',
          Text: 'Hi {{name}}, order {{orderId}} has shipped.',
        },
      }),
    )

    await page.goto(at('/auth/sign-up'))
    await submitSignUp(page, uniqueEmail('ses-sync'))
    await page.waitForURL(at('/app/onboarding/plan'))
    await page.getByRole('button', { name: 'Start for free' }).click()
    await page.waitForURL(at('/app'))
    await connectWithKeys(page, keys, 'Sending')

    // The SES template nobody here made: listed, not linked, never checked.
    await page.goto(at('/app/templates/ses'))
    await page.getByRole('heading', { level: 1, name: 'Templates in SES' }).waitFor()
    const row = sesRow(page, SES_NAME)
    await row.getByText('Not linked', { exact: true }).waitFor({ timeout: 30_000 })
    await row.getByText('No template linked').waitFor()
    await page.getByText('Never checked for changes').waitFor()
    await page.getByText('Nothing to publish').waitFor()
    // One account: no chooser.
    expect(await page.getByLabel('AWS account', { exact: true }).count()).toBe(0)
    await expectAccessible(page)
    await screenshot(page, 'desktop-ses-sync-unlinked')
    await checkPhone(tab, 'phone-ses-sync-unlinked')

    // Import: the dialog says what it becomes and what it costs on START.
    await row.getByRole('checkbox', { name: `Select ${SES_NAME}` }).check()
    const bar = page.getByRole('region', { name: 'Selected templates' })
    await bar.getByText('1 selected').waitFor()
    expect(await bar.getByRole('button', { name: /^Publish/ }).count()).toBe(0)
    expect(await bar.getByRole('button', { name: /^Delete/ }).count()).toBe(0)
    await bar.getByRole('button', { name: 'Import 1' }).click()
    const importDialog = page.getByRole('dialog', { name: `Import ${SES_NAME}?` })
    await importDialog.getByText(/becomes an HTML template/).waitFor()
    await importDialog
      .getByText('On the START plan this uses 1 template action of the 5 left this month.')
      .waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-ses-sync-import-dialog')
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click()
    await importDialog.waitFor({ state: 'hidden' })
    const imported = await jobFinished(page, 'Imported from SES')
    await imported.getByText('1 of 1 done').waitFor()
    await row.getByText('In sync', { exact: true }).waitFor()
    await row.getByRole('link', { name: SES_NAME }).waitFor()
    await page.getByRole('region', { name: 'In SES (1)' }).getByText('In sync 1').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-ses-sync-imported')

    // The imported template is one of ours now.
    await page.goto(at('/app/templates'))
    await page.getByRole('link', { name: SES_NAME }).waitFor()
    await page.goto(at('/app/templates/ses'))

    // Someone edits it in SES; Refresh finds it.
    await ses.send(
      new UpdateEmailTemplateCommand({
        TemplateName: SES_NAME,
        TemplateContent: {
          Subject: 'Shipped! {{orderId}}',
          Html: '<html><body><p>Edited in the console.</p></body></html>',
          Text: 'Edited in the console.',
        },
      }),
    )
    await row.getByText('In sync', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Refresh', exact: true }).click()
    await jobFinished(page, 'Checked SES for changes')
    await row.getByText('Changed in SES', { exact: true }).waitFor()
    await row.getByText(/publishing skips it unless you choose to overwrite/).waitFor()
    await page.getByText('Checked for changes just now').waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-ses-sync-drifted')
    await checkPhone(tab, 'phone-ses-sync-drifted')

    // Publishing a drifted template asks first (overwriting is ticked per template), then puts our content back.
    await row.getByRole('checkbox', { name: `Select ${SES_NAME}` }).check()
    await bar.getByRole('button', { name: 'Publish 1' }).click()
    const overwrite = page.getByRole('dialog', { name: 'Overwrite the change made in SES?' })
    await overwrite.getByText(/the change made in SES is lost/).waitFor()
    expect(await overwrite.getByRole('button', { name: 'Publish none' }).isDisabled()).toBe(true)
    await overwrite.getByRole('checkbox', { name: `Overwrite ${SES_NAME}` }).check()
    await expectAccessible(page)
    await screenshot(page, 'desktop-ses-sync-overwrite-dialog')
    await overwrite.getByRole('button', { name: 'Publish 1' }).click()
    await jobFinished(page, 'Published to SES')
    await row.getByText('In sync', { exact: true }).waitFor()
    const restored = await ses.send(new GetEmailTemplateCommand({ TemplateName: SES_NAME }))
    expect(restored.TemplateContent?.Subject).toBe('Your order {{orderId}} is on its way')

    // Delete from SES: confirmed, and the template stays ours, listed as not in SES.
    await row.getByRole('checkbox', { name: `Select ${SES_NAME}` }).check()
    await bar.getByRole('button', { name: 'Delete 1 from SES' }).click()
    const remove = page.getByRole('dialog', { name: `Delete ${SES_NAME} from SES?` })
    await remove.getByText(/stay in SES Studio/).waitFor()
    await remove.getByRole('button', { name: 'Delete from SES' }).click()
    await jobFinished(page, 'Deleted from SES')
    await page.getByText('No templates in SES yet').waitFor()
    await page
      .getByRole('region', { name: /^Not in SES/ })
      .getByRole('rowheader', { name: SES_NAME })
      .waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-ses-sync-deleted')
    await checkPhone(tab, 'phone-ses-sync-deleted')

    // A second AWS account: Start allows one, so the form says how to get room; after upgrading to Solo (two) the
    // page offers a chooser, and each account has its own SES.
    const marketing = await createLocalCustomerAccount(stack)
    await page.goto(at('/app/aws-accounts/new'))
    await page.getByRole('radio', { name: /Access keys/ }).check()
    await page.getByLabel('Access key id').fill(marketing.accessKeyId)
    await page.getByLabel('Secret access key').fill(marketing.secretAccessKey)
    await page.getByRole('button', { name: 'Connect and check' }).click()
    await page
      .getByRole('alert')
      .getByText(
        'Your plan allows 1 AWS account and this organization has 1. Upgrade to Solo (2 AWS accounts)',
        {
          exact: false,
        },
      )
      .waitFor()
    await upgradeFromBilling(page, 'Solo')
    await connectWithKeys(page, marketing, 'Marketing')
    await page.goto(at('/app/templates/ses'))
    const chooser = page.getByLabel('AWS account', { exact: true })
    await chooser.selectOption({ label: 'Sending (us-east-1)' })
    await page.getByText(/Amazon SES of Sending \(us-east-1\)/).waitFor()
    await page.getByText('No templates in SES yet').waitFor()
    await chooser.selectOption({ label: 'Marketing (us-east-1)' })
    await page.getByText(/Amazon SES of Marketing \(us-east-1\)/).waitFor()
    await page
      .getByRole('region', { name: /^Not in SES/ })
      .getByRole('rowheader', { name: SES_NAME })
      .waitFor()
    await expectAccessible(page)
    await screenshot(page, 'desktop-ses-sync-two-accounts')
    await checkPhone(tab, 'phone-ses-sync-two-accounts')

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 240_000)
})
