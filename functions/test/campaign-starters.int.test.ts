/**
 * Every starter, as a visual and as an MJML template, and a blank visual template with an unsubscribe link added,
 * sent as a campaign as it comes: each passes the pre-flight and reaches the local mailbox with the recipient's
 * signed unsubscribe link, the campaign's postal address and the organization's name filled in by the engine.
 */
import { STARTERS } from '@app/email'
import { grantProductionAccess, setLocalAwsThrottle } from '@app/local-stack/testing/local-aws'
import { describe, expect, it } from 'vitest'
import { createContact, createTopic } from './audience-helpers'
import { act, type CampaignOrg, campaignOrg, createCampaign } from './campaign-helpers'
import { stack, uniqueEmail, waitForMail } from './stack'

const ORGANIZATION = 'Acme Books'
const POSTAL = 'Acme Books Ltd, 12 Harbour Road, Bristol BS1 5TT'

/** A blank visual template as the gallery makes it, with a footer block linking "Unsubscribe" and the address. */
const blankVisualWithUnsubscribe = JSON.stringify({
  version: 1,
  preheader: '',
  styles: {
    backgroundColor: '#f3f4f6',
    contentBackgroundColor: '#ffffff',
    contentWidth: 600,
    fontFamily: 'system',
    textColor: '#1f2937',
    linkColor: '#1d4ed8',
    darkMode: false,
  },
  blocks: [
    {
      type: 'heading',
      id: 'heading-1',
      text: 'Hello {{firstName}},',
      level: 1,
      align: 'left',
      color: null,
      fontSize: 24,
      padding: { top: 24, right: 24, bottom: 8, left: 24 },
    },
    {
      type: 'text',
      id: 'text-1',
      paragraphs: [
        { runs: [{ type: 'text', text: 'Write your email here.', bold: false, italic: false, href: null }] },
        {
          runs: [
            { type: 'text', text: 'Unsubscribe', bold: false, italic: false, href: '{{unsubscribeUrl}}' },
            { type: 'text', text: ' · {{postalAddress}}', bold: false, italic: false, href: null },
          ],
        },
      ],
      align: 'left',
      color: null,
      fontSize: 16,
      lineHeight: 1.6,
      padding: { top: 0, right: 24, bottom: 24, left: 24 },
    },
  ],
})

type Case = { label: string; template: Record<string, unknown> }

const CASES: Case[] = [
  ...STARTERS.flatMap((starter) =>
    (['VISUAL', 'MJML'] as const).map((editorType) => ({
      label: `${starter.id} (${editorType})`,
      template: { starter: starter.id, editorType },
    })),
  ),
  {
    label: 'blank visual with an unsubscribe link',
    template: {
      editorType: 'VISUAL',
      source: blankVisualWithUnsubscribe,
      subject: 'Hello {{firstName}}',
      text: { mode: 'generated' },
    },
  },
]

async function waitUntilSent(setup: CampaignOrg, id: string) {
  const until = Date.now() + 120_000
  for (;;) {
    const read = await setup.owner.api.get(`/api/campaigns/${id}?${setup.oq}`)
    if (read.body.status === 'SENT') return read.body
    if (Date.now() > until) throw new Error(`campaign ${id} not sent: ${JSON.stringify(read.body)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('every starter sends as a campaign as it comes', () => {
  it(`sends ${CASES.length} campaigns (each starter as VISUAL and MJML, and a blank visual) to the mailbox`, {
    timeout: 300_000,
  }, async () => {
    const setup = await campaignOrg()
    await grantProductionAccess(stack, setup.keys.accountId, 'us-east-1')
    // The starters are what is tested, not SES's 1 call/s control-plane limit (limits.int and ses-sync test that):
    // each campaign's pre-flight, send and dispatch read the account's quota, throttled calls the SDK retries
    // after backoffs. This test's own account only.
    await setLocalAwsThrottle(stack, { accountId: setup.keys.accountId, enabled: false })
    const named = await setup.owner.api.patch(`/api/organizations/${setup.orgId}`, { name: ORGANIZATION })
    expect(named.status, JSON.stringify(named.body)).toBe(200)
    // One reader per campaign, each in a topic of their own, all created at once.
    const readers = await Promise.all(
      CASES.map(async (_, index) => {
        const topic = await createTopic(setup.owner, setup.orgId, { name: `Reader ${index} ${Date.now()}` })
        const email = uniqueEmail(`starter${index}`)
        await createContact(setup.owner, setup.orgId, {
          email,
          firstName: `Reader${index}`,
          topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' }],
        })
        return { email, topicId: topic.id }
      }),
    )
    const since = Math.floor(Date.now() / 1000)
    // One after the other: the handlers share a small machine with the engine already sending the first ones.
    const campaigns = []
    for (const [index, testCase] of CASES.entries()) {
      campaigns.push(
        await (async () => {
          const created = await setup.owner.api.post(`/api/templates?organizationId=${setup.orgId}`, {
            name: `starter-${index}-${Date.now()}`,
            ...testCase.template,
          })
          expect(created.status, `${testCase.label}: ${JSON.stringify(created.body)}`).toBe(201)
          // The editor's Checks say what the campaign's pre-flight says: nothing refused.
          const campaignFindings = created.body.lint.filter((finding: { rule: string }) =>
            finding.rule.startsWith('campaign.'),
          )
          expect(campaignFindings, testCase.label).toEqual([])
          const reader = readers[index] as { email: string; topicId: string }
          const campaign = await createCampaign(setup, {
            name: testCase.label,
            sender: { ...setup.sender, postalAddress: POSTAL },
            templateId: created.body.id,
            topicIds: [reader.topicId],
          })
          const preflight = await setup.owner.api.get(`/api/campaigns/${campaign.id}/preflight?${setup.oq}`)
          expect(preflight.status, JSON.stringify(preflight.body)).toBe(200)
          expect(preflight.body.refusals, testCase.label).toEqual([])
          expect(preflight.body.missingVariables, testCase.label).toEqual([])
          if (index === 0) {
            // A test send's link opens the page that says it was a test (no contact, nothing to unsubscribe).
            const tester = uniqueEmail('tester')
            const tested = await setup.owner.api.post(`/api/campaigns/${campaign.id}/test-send?${setup.oq}`, {
              addresses: [tester],
            })
            expect(tested.status, JSON.stringify(tested.body)).toBe(201)
            const mail = await waitForMail(stack, { to: tester, subjectIncludes: '[Test]', since })
            expect(mail.html).toMatch(/\/unsubscribe\?test(?:=|&#61;)1"/)
            expect(mail.html).toContain(POSTAL)
          }
          const sent = await act(setup, campaign.id, 'send')
          expect(sent.status, `${testCase.label}: ${JSON.stringify(sent.body)}`).toBe(200)
          return { testCase, campaign, reader }
        })(),
      )
    }
    for (const { testCase, campaign, reader } of campaigns) {
      const finished = await waitUntilSent(setup, campaign.id)
      expect(finished.counts, testCase.label).toMatchObject({ total: 1, sent: 1, skipped: 0, failed: 0 })
      const mail = await waitForMail(stack, { to: reader.email, since })
      const html = mail.html ?? ''
      const text = mail.text ?? ''
      // The signed link to the recipient's preferences, in both parts; no tag left unfilled.
      const link = /https?:\/\/[^\s"'<>()]+\/unsubscribe\?[^\s"'<>()]+/.exec(html)?.[0]
      expect(link, testCase.label).toMatch(/signature(?:=|&#61;)[\w-]{43}/)
      expect(text, testCase.label).toMatch(/\/unsubscribe\?\S*signature=/)
      for (const part of [html, text, mail.subject]) expect(part, testCase.label).not.toContain('{{')
      expect(html, testCase.label).toContain(POSTAL)
      expect(text, testCase.label).toContain(POSTAL)
      if (testCase.template.starter) expect(html, testCase.label).toContain(ORGANIZATION)
    }
  })
})
