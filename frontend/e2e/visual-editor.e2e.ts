import { createLocalCustomerAccount, verifyLocalIdentity } from '@app/local-stack/testing/local-aws'
import { waitForMail } from '@app/local-stack/testing/mailbox'
import type { FrameLocator, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { connectWithKeys } from './support/journeys'
import { nowSeconds, uniqueEmail } from './support/mailbox'
import { at, browserForFile, stack, submitSignUp } from './support/session'

const browser = browserForFile()

function preview(page: Page): FrameLocator {
  return page.frameLocator('iframe[title^="Email preview"]')
}

function canvas(page: Page): Locator {
  return page.getByRole('region', { name: 'Canvas' })
}

/** The accessible names of the canvas's top-level blocks, in order ("Button block: Get started", …). */
async function topLevelBlocks(page: Page): Promise<string[]> {
  return canvas(page)
    .locator(':scope ul > li > [role="group"]')
    .evaluateAll((groups) => groups.map((group) => group.getAttribute('aria-label') ?? ''))
}

/** Drags `source` with the mouse and drops it on the upper or lower half of `target`, in small steps as a hand does. */
async function dragTo(page: Page, source: Locator, target: Locator, half: 'upper' | 'lower') {
  // The target in the middle of the window: near its edge, dnd-kit would scroll the page while the drag waits.
  await target.evaluate((element: { scrollIntoView(options: { block: 'center' }): void }) =>
    element.scrollIntoView({ block: 'center' }),
  )
  const from = await source.boundingBox()
  const to = await target.boundingBox()
  if (!from || !to) throw new Error('drag source or target is not visible')
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 })
  const y = half === 'upper' ? to.y + to.height * 0.2 : to.y + to.height * 0.8
  await page.mouse.move(to.x + to.width / 2, y, { steps: 25 })
  // Let the sortable list settle (its items slide aside over ~200 ms) before the last move and the drop.
  await page.waitForTimeout(600)
  await page.mouse.move(to.x + to.width / 2, y + (half === 'upper' ? -2 : 2), { steps: 3 })
  await page.waitForTimeout(300)
  await page.mouse.up()
}

describe('the visual editor in a real browser', () => {
  it('builds a VISUAL template by drag and drop, undoes and redoes, saves, test-sends and reloads the same document', async () => {
    const tab = await openTab(browser(), { width: 1440, height: 1000 })
    const { page } = tab

    const keys = await createLocalCustomerAccount(stack)
    const sender = uniqueEmail('visual-sender')
    await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: sender })
    await page.goto(at('/auth/sign-up'))
    await submitSignUp(page, uniqueEmail('visual'))
    await page.waitForURL(at('/app/onboarding/plan'))
    await page.getByRole('button', { name: 'Start for free' }).click()
    await page.waitForURL(at('/app'))
    await connectWithKeys(page, keys)

    // The gallery offers the starters as visual documents by default.
    await page.goto(at('/app/templates/new'))
    await page.getByRole('heading', { level: 1, name: 'New template' }).waitFor()
    expect(
      await page.getByRole('button', { name: 'Visual editor (drag and drop)' }).getAttribute('aria-pressed'),
    ).toBe('true')
    await page
      .frameLocator('iframe[title="Preview of Welcome"]')
      .getByText('Welcome, Maya!')
      .waitFor({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Use Welcome', exact: true }).click()
    const create = page.getByRole('dialog', { name: 'New template: Welcome' })
    await create.getByLabel('Template name').fill('visual-welcome')
    await create.getByRole('button', { name: 'Create and edit' }).click()
    await page.waitForURL(/\/app\/templates\/[0-9A-Z]{26}$/)
    const editorUrl = page.url()

    // The editor: palette, canvas drawn from the document, live preview compiled from it.
    await page.getByRole('heading', { level: 1, name: 'visual-welcome' }).waitFor()
    await page.getByRole('button', { name: 'Add Button block' }).waitFor()
    await preview(page).getByText('Welcome, Maya!').waitFor({ timeout: 30_000 })
    const heading = canvas(page).getByRole('group', { name: /^Heading block: Welcome, \{\{firstName\}\}!/ })
    await heading.waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'desktop-visual-editor')
    const start = await topLevelBlocks(page)
    const buttonsBefore = start.filter((name) => name.startsWith('Button block')).length

    // Drag a new button from the palette to just below the heading.
    await dragTo(page, page.getByRole('button', { name: 'Add Button block' }), heading, 'lower')
    const newButton = canvas(page).getByRole('group', { name: 'Button block: Get started' })
    await newButton.waitFor()
    const afterDrop = await topLevelBlocks(page)
    expect(afterDrop.indexOf('Button block: Get started')).toBe(
      afterDrop.findIndex((name) => name.startsWith('Heading block: Welcome')) + 1,
    )

    // Its settings: label and colour; the preview follows.
    await newButton.click()
    const settings = page.getByRole('region', { name: 'Button block settings' })
    await settings.getByLabel('Button label').fill('Start the tour')
    await settings.getByRole('textbox', { name: 'Button colour', exact: true }).fill('#0f766e')
    await settings.getByLabel('Button link').fill('https://app.acme.example/tour')
    const tourButton = canvas(page).getByRole('group', { name: 'Button block: Start the tour' })
    await tourButton.waitFor()
    await preview(page).getByText('Start the tour').waitFor()
    const previewColour = await preview(page)
      .getByRole('link', { name: 'Start the tour' })
      .evaluate((link) => link.closest('td')?.getAttribute('bgcolor') ?? '')
    expect(previewColour.toLowerCase()).toBe('#0f766e')

    // Drag it above the heading.
    await dragTo(
      page,
      page.getByRole('button', { name: 'Drag Button block: Start the tour' }),
      heading,
      'upper',
    )
    const isAboveHeading = async () => {
      const names = await topLevelBlocks(page)
      const title = names.findIndex((name) => name.startsWith('Heading block: Welcome'))
      return names.indexOf('Button block: Start the tour') - title
    }
    await expect.poll(isAboveHeading).toBe(-1)
    const moved = await topLevelBlocks(page)

    // Undo puts it back below the heading; redo moves it up again.
    await page.keyboard.press('Control+z')
    await expect.poll(isAboveHeading).toBe(1)
    await page.keyboard.press('Control+Shift+z')
    await expect.poll(() => topLevelBlocks(page)).toEqual(moved)
    // The toolbar's Undo and Redo do the same.
    await page.getByRole('button', { name: 'Undo', exact: true }).click()
    await page.getByRole('button', { name: 'Redo', exact: true }).click()
    expect(await topLevelBlocks(page)).toEqual(moved)

    // Duplicate it, then insert a variable into the copy's label with the variable picker.
    await tourButton.click()
    await page
      .getByRole('toolbar', { name: 'Button block actions' })
      .getByRole('button', { name: 'Duplicate' })
      .click()
    await expect
      .poll(
        async () =>
          (await topLevelBlocks(page)).filter((name) => name === 'Button block: Start the tour').length,
      )
      .toBe(2)
    const label = page.getByRole('region', { name: 'Button block settings' }).getByLabel('Button label')
    await label.fill('See you, ')
    await label.click()
    await page.keyboard.press('End')
    await page
      .getByRole('button', { name: /\{\{firstName\}\}/ })
      .first()
      .click()
    await expect.poll(() => label.inputValue()).toBe('See you, {{firstName}}')
    await canvas(page).getByRole('group', { name: 'Button block: See you, {{firstName}}' }).waitFor()
    await preview(page).getByText('See you, Maya').waitFor()
    expect((await topLevelBlocks(page)).filter((name) => name.startsWith('Button block')).length).toBe(
      buttonsBefore + 2,
    )

    // The preview at phone width shows the change too.
    await page.getByRole('button', { name: 'Mobile', exact: true }).click()
    await page.locator('[data-preview-width="mobile"]').waitFor()
    expect(await page.locator('iframe[title^="Email preview"]').evaluate((frame) => frame.clientWidth)).toBe(
      390,
    )
    await preview(page).getByText('See you, Maya').waitFor()
    await screenshot(page, 'desktop-visual-editor-mobile-preview')
    await page.getByRole('button', { name: 'Desktop', exact: true }).click()

    // Save: version 2.
    const documentBefore = await topLevelBlocks(page)
    await page.getByRole('button', { name: /^Save · / }).click()
    await page.getByText('Saved as version 2.').waitFor()

    // A test send: SES fills {{firstName}} from the sample data.
    const since = nowSeconds()
    await page.getByRole('button', { name: 'Send test' }).click()
    const send = page.getByRole('dialog', { name: 'Send a test email' })
    await send.getByLabel('Send to').fill(sender)
    await send.getByRole('button', { name: 'Send test' }).click()
    await page.getByText(new RegExp(`Test email sent to ${sender}`)).waitFor({ timeout: 30_000 })
    const mail = await waitForMail(stack, {
      to: sender,
      since,
      subjectIncludes: 'Welcome to Acme Cloud, Maya!',
      timeoutMs: 30_000,
    })
    expect(mail.html).toContain('See you, Maya')
    expect(mail.html).toContain('Start the tour')
    expect(mail.html).not.toContain('{{firstName}}')

    // Reload: the same document comes back from the API.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'visual-welcome' }).waitFor()
    await canvas(page).getByRole('group', { name: 'Button block: See you, {{firstName}}' }).waitFor()
    expect(await topLevelBlocks(page)).toEqual(documentBefore)
    await page.getByText(/^Version 2, saved/).waitFor()

    // Phone width: the editor stacks without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(400)
    expect(await hasHorizontalOverflow(page), `overflow at ${page.url()}`).toBe(false)
    await screenshot(page, 'mobile-visual-editor')
    await page.setViewportSize({ width: 1440, height: 1000 })
    expect(page.url()).toBe(editorUrl)
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 240_000)
})
