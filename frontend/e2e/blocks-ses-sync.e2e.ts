import { createLocalCustomerAccount, localAwsClientConfig } from '@app/local-stack/testing/local-aws'
import { GetEmailTemplateCommand, SESv2Client } from '@aws-sdk/client-sesv2'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { connectWithKeys, signUpOnTeam } from './support/journeys'
import { at, browserForFile, stack } from './support/session'

const browser = browserForFile()

/** A new account on the Team plan (paid at the Stripe stand-in) with an AWS account connected by keys. */
async function teamWithAwsAccount(page: Page) {
  const keys = await createLocalCustomerAccount(stack)
  await signUpOnTeam(page, 'blocks-sync')
  await connectWithKeys(page, keys)
  return new SESv2Client(localAwsClientConfig(stack, keys))
}

/** A VISUAL template from the Welcome starter with the reusable block added at its end, saved. */
async function templateWithBlock(page: Page, name: string, blockName: string): Promise<string> {
  await page.goto(at('/app/templates/new'))
  await page.getByRole('button', { name: 'Use Welcome', exact: true }).click()
  const create = page.getByRole('dialog', { name: 'New template: Welcome' })
  await create.getByLabel('Template name').fill(name)
  await create.getByRole('button', { name: 'Create and edit' }).click()
  await page.waitForURL(/\/app\/templates\/[0-9A-Z]{26}$/)
  const url = page.url()
  await page.getByRole('heading', { level: 1, name }).waitFor()
  await page.getByRole('button', { name: `Add reusable block ${blockName}` }).click()
  await page
    .getByRole('region', { name: 'Canvas' })
    .getByRole('group', { name: `Reusable block: ${blockName}` })
    .waitFor()
  await page.getByRole('button', { name: /^Save/ }).click()
  await page.getByText('Saved as version 2.').waitFor()
  return url
}

/** Creates a VISUAL block from the blocks page and sets its heading's text; returns the block's address. */
async function headerBlock(page: Page, name: string, text: string): Promise<string> {
  await page.goto(at('/app/blocks'))
  await page.getByRole('button', { name: 'New block' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New block' })
  await dialog.getByLabel('Block name').fill(name)
  await dialog.getByRole('radio', { name: /^Visual/ }).check()
  await dialog.getByRole('button', { name: 'Create and edit' }).click()
  await page.waitForURL(/\/app\/blocks\/[0-9A-Z]{26}$/)
  const url = page.url()
  await setHeading(page, text)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByText('Saved as version 2.').first().waitFor()
  return url
}

async function setHeading(page: Page, text: string) {
  await page
    .getByRole('region', { name: 'Canvas' })
    .getByRole('group', { name: /^Heading block:/ })
    .click()
  const settings = page.getByRole('region', { name: 'Heading block settings' })
  await settings.getByLabel('Heading text').fill(text)
  await settings.getByLabel('Heading text').press('Enter')
  await page.frameLocator('iframe[title^="Email preview"]').getByText(text).waitFor({ timeout: 30_000 })
}

async function sesHtml(ses: SESv2Client, name: string): Promise<string> {
  const template = await ses.send(new GetEmailTemplateCommand({ TemplateName: name }))
  return template.TemplateContent?.Html ?? ''
}

describe('reusable blocks and SES sync in a real browser', () => {
  it('uses a header block in two templates, publishes them, edits the block with sync and finds both updated in SES', async () => {
    // Wide enough for the visual template editor's canvas and preview side by side.
    const tab = await openTab(browser(), { width: 1920, height: 1080 })
    const { page } = tab
    const ses = await teamWithAwsAccount(page)

    const blockName = 'Header'
    const blockUrl = await headerBlock(page, blockName, 'Acme header v1')

    const first = await templateWithBlock(page, 'welcome-a', blockName)
    await page
      .frameLocator('iframe[title^="Email preview"]')
      .getByText('Acme header v1')
      .waitFor({ timeout: 30_000 })
    await screenshot(page, 'desktop-template-with-block')
    await templateWithBlock(page, 'welcome-b', blockName)

    // Publish both from the list's selection.
    await page.goto(at('/app/templates'))
    await page.getByRole('columnheader', { name: /^In SES/ }).waitFor()
    await page.getByRole('checkbox', { name: 'Select all templates shown' }).check()
    await page.getByRole('button', { name: 'Publish selected to SES' }).click()
    await page.getByRole('heading', { name: 'Published to SES' }).waitFor({ timeout: 30_000 })
    await page
      .getByRole('row', { name: /welcome-a/ })
      .getByText('In sync')
      .waitFor()
    await page
      .getByRole('row', { name: /welcome-b/ })
      .getByText('In sync')
      .waitFor()
    await screenshot(page, 'desktop-templates-published')
    expect(await sesHtml(ses, 'welcome-a')).toContain('Acme header v1')
    expect(await sesHtml(ses, 'welcome-b')).toContain('Acme header v1')

    // Edit the block with 'sync with SES': a job recompiles and re-publishes both templates.
    await page.goto(blockUrl)
    const whereUsed = page.getByRole('region', { name: 'Where used' })
    await whereUsed.getByRole('link', { name: 'welcome-a' }).waitFor()
    await whereUsed.getByRole('link', { name: 'welcome-b' }).waitFor()
    await setHeading(page, 'Acme header v2')
    const sync = page.getByRole('checkbox', { name: /Also re-publish/ })
    expect(await sync.isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('heading', { name: 'Updated the templates that use this block' }).waitFor({
      timeout: 60_000,
    })
    const results = page.getByRole('list', { name: 'Results' })
    await results.getByRole('listitem').filter({ hasText: 'welcome-a' }).getByText('Updated').waitFor()
    await results.getByRole('listitem').filter({ hasText: 'welcome-b' }).getByText('Updated').waitFor()
    expect(await page.locator('section[data-job-status]').getAttribute('data-job-status')).toBe('succeeded')
    await screenshot(page, 'desktop-block-sync-job')
    expect(await sesHtml(ses, 'welcome-a')).toContain('Acme header v2')
    expect(await sesHtml(ses, 'welcome-b')).toContain('Acme header v2')
    expect(await sesHtml(ses, 'welcome-b')).not.toContain('Acme header v1')

    // The template's editor shows the new version, in sync with SES.
    await page.goto(first)
    const sesLine = page.getByRole('region', { name: 'In SES' })
    await sesLine.getByText('In sync').waitFor()
    await page.getByText(/^Version 3, saved/).waitFor()
    await page
      .frameLocator('iframe[title^="Email preview"]')
      .getByText('Acme header v2')
      .waitFor({ timeout: 30_000 })
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'desktop-template-in-sync')

    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(at('/app/templates'))
    await page.getByRole('link', { name: 'welcome-a' }).waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'mobile-templates-in-ses')
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 300_000)
})
