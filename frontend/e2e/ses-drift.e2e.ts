import { createLocalCustomerAccount, localAwsClientConfig } from '@app/local-stack/testing/local-aws'
import { GetEmailTemplateCommand, SESv2Client, UpdateEmailTemplateCommand } from '@aws-sdk/client-sesv2'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { type BrowserTab, hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { connectWithKeys } from './support/journeys'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, stack, submitSignUp } from './support/session'

const browser = browserForFile()
/** Jobs pace their SES calls at about one a second and the page polls every 1.5 s. */
const JOB_TIMEOUT = 60_000
const DRIFTED = 'e2e_welcome_email'
const OTHER = 'e2e_second_email'

const sesRow = (page: Page, name: string): Locator =>
  page
    .getByRole('region', { name: /^In SES/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) })

async function jobFinished(page: Page, title: string) {
  const job = page.getByRole('region', { name: title }).first()
  await job.waitFor({ timeout: JOB_TIMEOUT })
  await page.waitForFunction(
    (element) => element?.getAttribute('data-job-status') === 'succeeded',
    await job.elementHandle(),
    { timeout: JOB_TIMEOUT },
  )
  return job
}

async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([])
}

async function checkPhone(tab: BrowserTab, name: string) {
  await tab.page.setViewportSize({ width: 390, height: 844 })
  await tab.page.waitForTimeout(300)
  expect(await hasHorizontalOverflow(tab.page), `overflow at ${tab.page.url()}`).toBe(false)
  await expectAccessible(tab.page)
  await screenshot(tab.page, name)
  await tab.page.setViewportSize({ width: 1280, height: 860 })
}

/** A VISUAL template from the Welcome starter (1 START action). */
async function welcomeTemplate(page: Page, name: string) {
  await page.goto(at('/app/templates/new'))
  await page.getByRole('heading', { level: 1, name: 'New template' }).waitFor()
  // The starters' thumbnails render as the page opens: on a busy machine the click waits for them.
  await page.getByRole('button', { name: 'Use Welcome', exact: true }).click({ timeout: 60_000 })
  const create = page.getByRole('dialog', { name: 'New template: Welcome' })
  await create.getByLabel('Template name').fill(name)
  await create.getByRole('button', { name: 'Create and edit' }).click()
  await page.waitForURL(/\/app\/templates\/[0-9A-Z]{26}$/)
  await page.getByRole('heading', { level: 1, name }).waitFor()
}

describe('a template changed in SES, in a real browser (local SES stand-in)', () => {
  it('is skipped by a bulk publish, reviewed beside ours with the History diff, and taken as SES’s version', async () => {
    const tab = await openTab(browser())
    const { page } = tab
    await page.setViewportSize({ width: 1280, height: 860 })
    const keys = await createLocalCustomerAccount(stack)
    const ses = new SESv2Client(localAwsClientConfig(stack, keys))

    await page.goto(at('/auth/sign-up'))
    await submitSignUp(page, uniqueEmail('ses-drift'))
    await page.waitForURL(at('/app/onboarding/plan'))
    await page.getByRole('button', { name: 'Start for free' }).click()
    await page.waitForURL(at('/app'))
    await connectWithKeys(page, keys, 'Sending')
    await welcomeTemplate(page, DRIFTED)
    await welcomeTemplate(page, OTHER)

    // Publish both.
    await page.goto(at('/app/templates/ses'))
    await page.getByRole('checkbox', { name: 'Select all templates not in SES' }).check({ timeout: 30_000 })
    const bar = page.getByRole('region', { name: 'Selected templates' })
    await bar.getByRole('button', { name: 'Publish 2' }).click()
    await jobFinished(page, 'Published to SES')
    const row = sesRow(page, DRIFTED)
    await row.getByText('In sync', { exact: true }).waitFor()

    // Someone edits it in the customer's SES; Refresh finds it.
    const before = (await ses.send(new GetEmailTemplateCommand({ TemplateName: DRIFTED }))).TemplateContent
    await ses.send(
      new UpdateEmailTemplateCommand({
        TemplateName: DRIFTED,
        TemplateContent: {
          Subject: 'Edited in the AWS console',
          Html: before?.Html?.replace('<body', '<body data-edited="console"'),
          Text: 'Edited in the AWS console.',
        },
      }),
    )
    await page.getByRole('button', { name: 'Refresh', exact: true }).click()
    await jobFinished(page, 'Checked SES for changes')
    await row.getByText('Changed in SES', { exact: true }).waitFor()
    await row.getByRole('button', { name: `Review changes to ${DRIFTED}` }).waitFor()

    // A bulk publish without the overwrite choice skips it, and says where to resolve it.
    await page.getByRole('checkbox', { name: 'Select all templates in SES' }).check()
    await bar.getByRole('button', { name: 'Publish 2' }).click()
    const confirm = page.getByRole('dialog', { name: 'Overwrite the change made in SES?' })
    await confirm.getByRole('checkbox', { name: `Overwrite ${DRIFTED}` }).waitFor()
    await screenshot(page, 'desktop-ses-drift-publish-dialog')
    await confirm.getByRole('button', { name: 'Publish 1, skip 1' }).click()
    const job = await jobFinished(page, 'Published to SES')
    await job.getByText(/^Skipped: changed in SES \(AWS account 'Sending'\)/).waitFor()
    await job.getByText('2 of 2 done · 1 skipped').waitFor()
    const stillThere = await ses.send(new GetEmailTemplateCommand({ TemplateName: DRIFTED }))
    expect(stillThere.TemplateContent?.Subject).toBe('Edited in the AWS console')
    await expectAccessible(page)
    await screenshot(page, 'desktop-ses-drift-skipped')
    await checkPhone(tab, 'phone-ses-drift-skipped')

    // Review: the diff between ours and SES, part by part.
    await job.getByRole('link', { name: `Review changes to ${DRIFTED}` }).click()
    await page.waitForURL(/review=[0-9A-Z]{26}/)
    const review = page.getByRole('dialog', { name: 'Review the change made in SES' })
    await review.getByText(/was changed outside SES Studio \(subject, HTML, text part\)/).waitFor()
    const changes = review.getByRole('table', { name: 'Subject changes' })
    await changes.getByText('Edited in the AWS console').waitFor()
    await review.getByRole('button', { name: 'HTML •' }).click()
    await review
      .getByRole('table', { name: 'HTML changes' })
      .getByText(/data-edited="console"/)
      .waitFor()
    await review.getByRole('button', { name: 'Subject •' }).click()
    await expectAccessible(page)
    await screenshot(page, 'desktop-ses-drift-review')
    await checkPhone(tab, 'phone-ses-drift-review')

    // Take SES's version: a visual template becomes an HTML one, said before confirming.
    await review.getByRole('button', { name: "Take SES's version" }).click()
    await review.getByText('It becomes an HTML template').waitFor()
    await review.getByText(/leaves the visual editor/).waitFor()
    await review.getByText(/uses 1 action of the 3 left/).waitFor()
    await screenshot(page, 'desktop-ses-drift-take')
    await checkPhone(tab, 'phone-ses-drift-take')
    await review.getByRole('button', { name: 'Take it as an HTML template' }).click()
    await review.waitFor({ state: 'hidden' })
    await row.getByText('In sync', { exact: true }).waitFor()
    expect(page.url()).not.toContain('review=')
    await expectAccessible(page)
    await screenshot(page, 'desktop-ses-drift-in-sync')

    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 300_000)
})
