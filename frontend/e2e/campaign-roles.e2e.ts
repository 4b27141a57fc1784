import { randomUUID } from 'node:crypto'
import { dynamo } from '@app/core/aws'
import { memberWrites } from '@app/core/organizations/public'
import { applyEnvironment, handlerEnvironment } from '@app/local-stack/environment'
import { apiClient } from '@app/local-stack/testing/api-client'
import { signUp } from '@app/local-stack/testing/cognito-users'
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { openTab, screenshot } from './support/browser'
import { fitsPhone, SENDER, teamOrgWithMonitoring } from './support/campaign-seed'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, PASSWORD, stack, submitSignIn } from './support/session'

/**
 * Sending needs an owner or admin (`campaigns.send`, issue 31): a member drafts and reviews a campaign but is
 * offered no Send, Schedule or Resume, and is told who can, where the button would be; Pause and Cancel stay.
 */
const browser = browserForFile()
applyEnvironment(handlerEnvironment(stack, 'error'))

const HTML = `<!doctype html><html><body><h1>Hello {{firstName}}</h1>
<p>Acme Books, 1 Main Street, Springfield</p><p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p></body></html>`

/** A member of the organization (written as an accepted invitation writes it), with it selected. */
async function member(orgId: string) {
  const user = await signUp(stack, { email: uniqueEmail('member'), password: PASSWORD })
  const api = apiClient(stack, user.idToken)
  expect((await api.post('/api/account', { email: user.email })).status).toBe(201)
  const joinedAt = new Date().toISOString()
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: memberWrites({ orgId, accountId: user.sub, role: 'MEMBER', joinedAt }),
    }),
  )
  expect((await api.patch('/api/account', { selectedOrganization: orgId })).status).toBe(200)
  return user
}

async function expectAccessibleAtPhoneWidth(page: Page, name: string) {
  expect(await seriousAxeViolations(page)).toEqual([])
  await page.setViewportSize({ width: 390, height: 900 })
  await fitsPhone(page)
  expect(await seriousAxeViolations(page)).toEqual([])
  await screenshot(page, name)
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe('a member and campaign sending, in a real browser', () => {
  it('reviews a draft without Send now and sees a paused campaign without Resume, told to ask an owner or admin', async () => {
    const contacts = Array.from({ length: 6 }, (_, index) => ({
      email: `success+${index}-${randomUUID().slice(0, 8)}@simulator.amazonses.com`,
      firstName: `Reader ${index}`,
    }))
    const { api, orgId, q, aws, topicId } = await teamOrgWithMonitoring('roles', SENDER, {
      maxSendRate: 1,
      readers: { topic: { name: 'Book club', description: 'New books' }, contacts },
    })
    const template = await api.post<{ id: string }>(`/api/templates?${q}`, {
      name: 'roles-news',
      editorType: 'HTML',
      subject: 'News for {{firstName}}',
      source: HTML,
    })
    expect(template.status, JSON.stringify(template.body)).toBe(201)
    const draft = async (name: string) => {
      const created = await api.post<{ id: string }>(`/api/campaigns?${q}&awsAccountId=${aws.body.id}`, {
        name,
        sender: {
          fromEmail: SENDER,
          fromName: 'Acme',
          replyTo: null,
          postalAddress: '1 Main Street, Springfield',
        },
        templateId: template.body.id,
        topicIds: [topicId],
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      return created.body.id
    }
    const [draftId, pausedId] = await Promise.all([draft('Members draft'), draft('Paused by the owner')])
    // At SES's 1 message a second the owner's pause catches the run with recipients left.
    expect((await api.patch(`/api/campaigns/${pausedId}?${q}`, { action: 'send' })).status).toBe(200)
    const paused = await api.patch<{ status: string }>(`/api/campaigns/${pausedId}?${q}`, { action: 'pause' })
    expect(paused.status, JSON.stringify(paused.body)).toBe(200)
    const teammate = await member(orgId)

    const { page } = await openTab(browser(), { width: 1280, height: 900 })
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, teammate.email)
    await page.waitForURL((url) => url.pathname.startsWith('/app'))

    await page.goto(at(`/app/campaigns/${draftId}?step=review`))
    const review = page.getByRole('region', { name: 'Review' })
    await review.getByText('Sending needs an owner or admin: ask one of them to send it.').waitFor()
    // The member still checks and test-sends; the send itself is not offered.
    await review.getByRole('button', { name: 'Check again' }).waitFor()
    expect(await page.getByRole('button', { name: /Send now|Schedule campaign/ }).count()).toBe(0)
    await expectAccessibleAtPhoneWidth(page, 'member-campaign-review')

    await page.goto(at(`/app/campaigns/${pausedId}`))
    await page.getByRole('heading', { level: 1, name: 'Paused by the owner' }).waitFor()
    const actions = page.getByRole('region', { name: 'Actions' })
    await actions.getByText('Sending needs an owner or admin: ask one of them to resume it.').waitFor()
    await actions.getByRole('button', { name: 'Cancel campaign' }).waitFor()
    expect(await actions.getByRole('button', { name: 'Resume' }).count()).toBe(0)
    await expectAccessibleAtPhoneWidth(page, 'member-paused-campaign')

    // The owner may resume it.
    const resumed = await api.patch(`/api/campaigns/${pausedId}?${q}`, { action: 'resume' })
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200)
  }, 300_000)
})
