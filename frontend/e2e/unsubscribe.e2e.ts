import { signedLinkQuery } from '@app/core/audience/unsubscribe/headers'
import { parseSigningKeys } from '@app/core/audience/unsubscribe/links'
import { waitForMail } from '@app/local-stack/testing/mailbox'
import { localSigningKeys } from '@app/local-stack/testing/signing-keys'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, screenshot } from './support/browser'
import { teamOrg } from './support/campaign-seed'
import { nowSeconds, uniqueEmail } from './support/mailbox'
import { at, browserForFile, stack } from './support/session'

const browser = browserForFile()
const CAMPAIGN = '01JCAMPA1GN000000000000000'

/** A Team organization with two topics and one subscribed contact, made through the API. */
async function audience(linkTopics: 'news' | 'both' = 'news') {
  const { api, orgId, q } = await teamOrg('unsub', { name: 'Acme Books' })
  const topic = async (name: string, description: string) => {
    const created = await api.post<{ id: string }>(`/api/topics?${q}`, { name, description })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return created.body.id
  }
  const news = await topic('Product news', 'What we shipped this month')
  const offers = await topic('Offers', 'Discounts, at most once a week')
  const contact = await api.post<{ id: string }>(`/api/contacts?${q}`, {
    email: 'reader@example.com',
    topicPreferences: [
      { topicId: news, status: 'OPT_IN' },
      { topicId: offers, status: 'OPT_IN' },
    ],
  })
  expect(contact.status, JSON.stringify(contact.body)).toBe(201)
  const statuses = async () => {
    const detail = await api.get<{
      subscriptions: { topicId: string; status: string }[]
      unsubscribeAll: boolean
    }>(`/api/contacts/${contact.body.id}?${q}`)
    return {
      unsubscribeAll: detail.body.unsubscribeAll,
      ...Object.fromEntries(detail.body.subscriptions.map((s) => [s.topicId, s.status])),
    }
  }
  const keys = parseSigningKeys(localSigningKeys(stack).unsubscribeKeys)
  const link = signedLinkQuery(
    {
      contact: { id: contact.body.id, organizationId: orgId },
      topics: linkTopics === 'both' ? [news, offers] : [news],
      campaignId: CAMPAIGN,
    },
    keys,
  )
  const digest = await api.post<{ id: string }>(`/api/topics?${q}`, {
    name: 'Weekly digest',
    description: 'The best posts of the week, every Friday',
    doubleOptIn: true,
  })
  expect(digest.status, JSON.stringify(digest.body)).toBe(201)
  return { orgId, news, offers, digest: digest.body.id, statuses, url: at(`/unsubscribe?${link}`) }
}

/**
 * The names of the elements of the card that reach past its padding: a page can fit the viewport while a button
 * or a topic card still spills over the card's edge.
 */
const pastCardPadding = (page: Page) =>
  page.evaluate<string[]>(`(() => {
    const card = document.querySelector('section[aria-labelledby="preferences-title"]')
    if (!card) return ['no card']
    const box = card.getBoundingClientRect()
    const style = getComputedStyle(card)
    const left = box.left + Number.parseFloat(style.paddingLeft) - 0.5
    const right = box.right - Number.parseFloat(style.paddingRight) + 0.5
    return [...card.querySelectorAll('button, label, fieldset, header, [role="status"]')]
      .filter((element) => {
        const rect = element.getBoundingClientRect()
        return rect.left < left || rect.right > right || element.scrollWidth > element.clientWidth + 1
      })
      .map((element) => element.tagName + ' ' + (element.textContent ?? '').slice(0, 40))
  })()`)

describe('public unsubscribe page in a real browser', () => {
  it('opens a signed link in a fresh context, unsubscribes from one topic, then from all, and resubscribes', async () => {
    const { news, offers, statuses, url } = await audience()
    const tab = await openTab(browser())
    const { page } = tab
    await page.goto(url)
    await page.getByRole('heading', { name: 'Email preferences' }).waitFor()
    await page.getByText('r•••r@e•••.com').waitFor()
    await page.getByText('Acme Books').waitFor()
    expect(await page.getByText('reader@example.com').count()).toBe(0)
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'unsubscribe-desktop')

    await page.getByRole('button', { name: 'Unsubscribe from Product news' }).click()
    await page.getByText('You are unsubscribed.').waitFor()
    expect(await statuses()).toMatchObject({ [news]: 'OPT_OUT', [offers]: 'OPT_IN', unsubscribeAll: false })
    expect(await page.getByRole('checkbox', { name: /Product news/ }).isChecked()).toBe(false)
    expect(await page.getByRole('checkbox', { name: /Offers/ }).isChecked()).toBe(true)
    await screenshot(page, 'unsubscribe-desktop-one-topic')

    await page.getByRole('button', { name: 'Unsubscribe from all' }).click()
    await page.getByText('You are unsubscribed from all emails.').waitFor()
    expect(await statuses()).toMatchObject({ [news]: 'OPT_OUT', [offers]: 'OPT_OUT', unsubscribeAll: true })

    await page.getByRole('button', { name: 'Resubscribe' }).click()
    await page.getByText('You are subscribed again.').waitFor()
    expect(await statuses()).toMatchObject({ [news]: 'OPT_IN', unsubscribeAll: false })

    // Manage: leave Offers with the checkbox and save.
    await page.getByRole('checkbox', { name: /Offers/ }).uncheck()
    await page.getByRole('button', { name: 'Save preferences' }).click()
    await page.getByText('Your preferences are saved.').waitFor()
    expect(await statuses()).toMatchObject({ [news]: 'OPT_IN', [offers]: 'OPT_OUT' })
    expect(tab.pageErrors).toEqual([])
    // No sign-in happened: the fresh context has no cookies and the page never asked for any.
    expect(await tab.context.cookies()).toEqual([])
    await tab.close()
  })

  it('works at 390 px and refuses a tampered link without saying anything about the contact', async () => {
    const { url } = await audience('both')
    const tab = await openTab(browser(), { width: 390, height: 844 })
    const { page } = tab
    await page.goto(url)
    await page.getByRole('button', { name: /^Unsubscribe from .*Product news/ }).waitFor()
    await page.getByText('Acme Books').waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    expect(await pastCardPadding(page)).toEqual([])
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'unsubscribe-390')

    const tampered = new URL(url)
    tampered.searchParams.set('contactId', '01JN0C0NTACT00000000000000')
    await page.goto(tampered.toString())
    await page.getByText('This link is not valid').waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'unsubscribe-390-invalid')
    await tab.close()
  })

  it('signs up on the hosted page of a double opt-in topic and confirms from the mailed link', async () => {
    const { orgId, digest } = await audience()
    const email = uniqueEmail('reader')
    const since = nowSeconds()
    const tab = await openTab(browser(), { width: 390, height: 844 })
    const { page } = tab
    await page.goto(at(`/subscribe/${orgId}/${digest}`))
    await page.getByRole('heading', { name: 'Weekly digest' }).waitFor()
    await page.getByText('Acme Books').waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'signup-390')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await page.getByText('Check your inbox').waitFor()

    const mail = await waitForMail(stack, { to: email, subjectIncludes: 'Confirm your subscription', since })
    const link = mail.text?.match(/https?:\/\/\S+\/subscribe\/confirm\?\S+/)?.[0]
    expect(link).toBeDefined()
    await page.goto(link ?? '')
    await page.getByText('You are subscribed').waitFor()
    await page.getByText('You will get Weekly digest emails from Acme Books.').waitFor()
    await screenshot(page, 'signup-confirmed-390')
    expect(tab.pageErrors).toEqual([])
    await tab.close()
  })
})
