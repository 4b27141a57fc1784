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

/** How much the preview frame is scaled down to fit its pane (1: full size). */
async function previewScale(page: Page): Promise<number> {
  return Number(await page.locator('[data-preview-scale]').getAttribute('data-preview-scale'))
}

async function withinViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  if (!box || !viewport) return false
  return (
    box.y >= 0 && box.y + Math.min(box.height, 40) <= viewport.height && box.x + box.width <= viewport.width
  )
}

/**
 * At 1280×900: the palette beside the canvas, the email's first block and a selected block's settings in the
 * window together, a Canvas/Preview switch instead of a shrunken preview, and raw HTML drawn, not listed.
 */
async function checkLaptopLayout(page: Page, heading: Locator) {
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
  )
  const firstBlock = canvas(page).locator(':scope ul > li > [role="group"]').first()
  expect(await withinViewport(page, firstBlock)).toBe(true)
  const palette = await page.getByRole('button', { name: 'Add Heading block' }).boundingBox()
  const canvasBox = await canvas(page).boundingBox()
  expect(palette && canvasBox && palette.x + palette.width <= canvasBox.x).toBe(true)
  await heading.click()
  const settings = page.getByRole('region', { name: 'Heading block settings' })
  await settings.getByLabel('Heading text').waitFor()
  expect(await withinViewport(page, heading)).toBe(true)
  expect(await withinViewport(page, settings)).toBe(true)
  const settingsBox = await settings.boundingBox()
  expect(settingsBox && canvasBox && settingsBox.x >= canvasBox.x + canvasBox.width).toBe(true)

  // Raw HTML: its elements in a sandboxed frame as tall as they are, not its source as text.
  const rawFrame = canvas(page).locator('iframe[title^="Raw HTML block"]').first()
  expect(await rawFrame.getAttribute('sandbox')).toBe('')
  const raw = canvas(page).frameLocator('iframe[title^="Raw HTML block"]').first()
  await raw.getByText('Connect your first project.').waitFor()
  expect(await raw.locator('ol > li').count()).toBe(3)
  expect(await canvas(page).innerText()).not.toContain('<ol')
  // As tall as its content: the list ends at the frame's foot (nothing cut off, no empty band).
  const frameBox = await rawFrame.boundingBox()
  const listBox = await raw.locator('ol').boundingBox()
  if (!frameBox || !listBox) throw new Error('the raw HTML frame or its list is not drawn')
  expect(listBox.y + listBox.height).toBeLessThanOrEqual(frameBox.y + frameBox.height + 1)
  expect(frameBox.y + frameBox.height - (listBox.y + listBox.height)).toBeLessThanOrEqual(24)
  await screenshot(page, 'visual-editor-1280')

  // The preview: one switch away, at full size.
  expect(await page.getByRole('region', { name: 'Preview' }).isVisible()).toBe(false)
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  await preview(page).getByText('Welcome, Maya!').waitFor({ timeout: 30_000 })
  expect(await previewScale(page)).toBe(1)
  expect(await canvas(page).isVisible()).toBe(false)
  await screenshot(page, 'visual-editor-1280-preview')
  await page.getByRole('button', { name: 'Canvas', exact: true }).click()
  await canvas(page).waitFor()
}

describe('the visual editor in a real browser', () => {
  it('builds a VISUAL template by drag and drop, undoes and redoes, saves, test-sends and reloads the same document', async () => {
    // A laptop first: the layout checks; the drag and drop journey then runs side by side at 1920.
    const tab = await openTab(browser(), { width: 1280, height: 900 })
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
      .waitFor({ timeout: 60_000 })
    await page.getByRole('button', { name: 'Use Welcome', exact: true }).click()
    const create = page.getByRole('dialog', { name: 'New template: Welcome' })
    await create.getByLabel('Template name').fill('visual-welcome')
    await create.getByRole('button', { name: 'Create and edit' }).click()
    await page.waitForURL(/\/app\/templates\/[0-9A-Z]{26}$/)
    const editorUrl = page.url()

    // The editor: palette, canvas drawn from the document, live preview compiled from it.
    await page.getByRole('heading', { level: 1, name: 'visual-welcome' }).waitFor()
    await page.getByRole('button', { name: 'Add Button block' }).waitFor()
    const heading = canvas(page).getByRole('group', { name: /^Heading block: Welcome, \{\{firstName\}\}!/ })
    await heading.waitFor()
    await checkLaptopLayout(page, heading)
    expect(await seriousAxeViolations(page)).toEqual([])

    // Wider: the same at 1440 (canvas or preview), then side by side at 1920.
    await page.setViewportSize({ width: 1440, height: 900 })
    await expect.poll(() => page.getByRole('region', { name: 'Preview' }).isVisible()).toBe(false)
    await screenshot(page, 'visual-editor-1440')
    await page.setViewportSize({ width: 1920, height: 1080 })
    await page.getByRole('region', { name: 'Preview' }).waitFor()
    expect(await page.getByRole('button', { name: 'Preview', exact: true }).isVisible()).toBe(false)
    await preview(page).getByText('Welcome, Maya!').waitFor({ timeout: 30_000 })
    expect(await previewScale(page)).toBeGreaterThanOrEqual(0.9)
    await screenshot(page, 'visual-editor-1920')
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
      subjectIncludes: 'Welcome to Your organization, Maya!',
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

    // Phone width: the editor stacks without sideways scrolling; the preview starts at phone width.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(400)
    expect(await hasHorizontalOverflow(page), `overflow at ${page.url()}`).toBe(false)
    await screenshot(page, 'visual-editor-390')
    const block = canvas(page).getByRole('group', { name: 'Button block: Start the tour' }).first()
    await block.evaluate((element: { scrollIntoView(options: { block: 'center' }): void }) =>
      element.scrollIntoView({ block: 'center' }),
    )
    await block.click()
    // The settings stick to the window's foot over the canvas rather than waiting below the whole email.
    const sheet = await page.getByRole('region', { name: 'Button block settings' }).boundingBox()
    expect(sheet && sheet.y < 844 && sheet.y + sheet.height <= 845).toBe(true)
    await screenshot(page, 'visual-editor-390-selected')
    await page.getByRole('button', { name: 'Done', exact: true }).click()
    await page.evaluate(() =>
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
    )
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    await page.locator('[data-preview-width="mobile"]').waitFor()
    await page.getByRole('region', { name: 'Preview' }).scrollIntoViewIfNeeded()
    await preview(page).getByText('See you, Maya').waitFor()
    expect(await previewScale(page)).toBeGreaterThanOrEqual(0.75)
    await screenshot(page, 'visual-editor-390-preview')
    await page.setViewportSize({ width: 1440, height: 1000 })
    expect(page.url()).toBe(editorUrl)
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  }, 240_000)
})
