/**
 * The public API end to end: a key created with scopes in the dashboard and copied, used by a Node script (this
 * test, through `@ses-studio/client`) to create a topic, upsert contacts in one batch and create and send a
 * campaign from a template; the dashboard then shows the contacts and the campaign's progress.
 */
import { randomUUID } from 'node:crypto'
import { createClient } from '@ses-studio/client'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from './support/axe'
import { hasHorizontalOverflow, openTab, readClipboard, screenshot } from './support/browser'
import { teamOrgWithMonitoring, until } from './support/campaign-seed'
import { uniqueEmail } from './support/mailbox'
import { at, browserForFile, stack, submitSignIn } from './support/session'

const browser = browserForFile()

const SENDER = 'launch@api.example'
const POSTAL = '1 Main Street, Springfield'
const SCOPES = ['topics:write', 'contacts:write', 'campaigns:read', 'campaigns:write', 'campaigns:send']
const TEMPLATE_HTML = `<!doctype html><html><body>
<h1>Hello {{firstName}}</h1><p>Our spring list is out.</p>
<p>Acme Books, ${POSTAL}</p>
<p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>
</body></html>`

describe('the public API from a Node script, with a key made in the dashboard', () => {
  it('upserts contacts and sends a campaign through @ses-studio/client; the dashboard shows both', {
    timeout: 240_000,
  }, async () => {
    const { owner, api, q } = await teamOrgWithMonitoring('public-api', SENDER)
    const template = await api.post<{ id: string }>(`/api/templates?${q}`, {
      name: `spring-list-${Date.now()}`,
      editorType: 'HTML',
      subject: 'Spring books for {{firstName}}',
      source: TEMPLATE_HTML,
    })
    expect(template.status, JSON.stringify(template.body)).toBe(201)

    const { page } = await openTab(browser(), { width: 1280, height: 900 })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl })
    await page.goto(at('/auth/sign-in'))
    await submitSignIn(page, owner.email)
    await page.waitForURL((url) => url.pathname.startsWith('/app'))
    await page.goto(at('/app/organization/api-keys'))
    await page.getByRole('button', { name: 'Create API key' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Create API key' })
    await dialog.getByLabel('Name').fill('Newsletter script')
    for (const scope of SCOPES)
      await dialog.getByRole('checkbox', { name: new RegExp(`^${scope}\\b`) }).check()
    await dialog.getByRole('button', { name: 'Create key' }).click()
    const shown = page.getByRole('dialog', { name: 'Your new API key' })
    await shown.getByRole('button', { name: 'Copy the API key' }).click()
    await shown.getByText('Copied').waitFor()
    const key = await readClipboard(page)
    expect(key).toMatch(/^ssk_live_/)
    await shown.getByRole('button', { name: 'Done' }).click()

    // The Node script: the client with the copied key, against the API as a deployment serves it.
    const client = createClient({ baseUrl: stack.apiUrl, apiKey: key, userAgent: 'e2e-newsletter-script' })
    const topic = await client.createPublicTopic({
      body: { name: 'Spring list', description: 'New books each spring' },
      idempotencyKey: randomUUID(),
    })
    const readers = ['Ada', 'Grace', 'Linus'].map((firstName) => ({
      email: uniqueEmail(`api-${firstName.toLowerCase()}`),
      firstName,
    }))
    const batch = await client.upsertPublicContacts({
      body: {
        contacts: readers.map((reader) => ({
          ...reader,
          topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' as const }],
        })),
      },
      idempotencyKey: randomUUID(),
    })
    expect(batch.results.map((result) => result.status)).toEqual(['created', 'created', 'created'])
    const campaign = await client.createPublicCampaign({
      body: {
        name: 'Spring books',
        templateId: template.body.id,
        topicIds: [topic.id],
        sender: { fromEmail: SENDER, fromName: 'Acme Books', postalAddress: POSTAL },
      },
      idempotencyKey: randomUUID(),
    })
    const sending = await client.sendPublicCampaign({
      params: { id: campaign.id },
      idempotencyKey: `send-${campaign.id}`,
    })
    expect(sending.status).toBe('SENDING')
    const sent = await until(
      () => client.getPublicCampaign({ params: { id: campaign.id } }),
      (read) => read.status === 'SENT',
      'the campaign to be sent',
    )
    expect(sent.progress).toMatchObject({ total: 3, sent: 3, remaining: 0, percent: 100 })

    await page.goto(at('/app/audience/contacts'))
    for (const reader of readers) await page.getByText(reader.email).first().waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'public-api-contacts-1280')

    await page.goto(at(`/app/campaigns/${campaign.id}`))
    await page.getByRole('heading', { level: 1, name: 'Spring books' }).waitFor()
    const progress = page.getByRole('region', { name: 'Progress' })
    await progress.getByRole('progressbar', { name: '100% done' }).waitFor()
    expect(await progress.getByLabel('Counts').innerText()).toMatch(
      /^sent\s+3\s+failed\s+0\b[\s\S]*remaining\s+0\s+recipients\s+3$/i,
    )
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'public-api-campaign-1280')
    await page.setViewportSize({ width: 390, height: 900 })
    expect(await hasHorizontalOverflow(page)).toBe(false)
    expect(await seriousAxeViolations(page)).toEqual([])
    await screenshot(page, 'public-api-campaign-390')
    await page.goto(at('/app/audience/contacts'))
    await page
      .getByText(readers[0]?.email as string)
      .first()
      .waitFor()
    expect(await hasHorizontalOverflow(page)).toBe(false)
    await screenshot(page, 'public-api-contacts-390')
  })
})
