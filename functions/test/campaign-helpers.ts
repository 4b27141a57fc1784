/** Shared set-up of the campaigns tests: a Team organization with a verified AWS account, a sender, a template, topics. */
import { verifyLocalIdentity } from '@app/local-stack/testing/local-aws'
import { expect } from 'vitest'
import { createContact, createTopic } from './audience-helpers'
import { createTemplate, html, orgWithAccount } from './ses-sync-helpers'
import { stack, uniqueEmail } from './stack'

export const POSTAL = 'Acme Inc, 1 Main Street, Springfield 12345'
/** A marketing template that passes the pre-flight: a visible unsubscribe link and the postal address. */
export const compliantSource = (greeting = 'Hi {{firstName}}') =>
  html(
    `<p>${greeting}, here is the news.</p><p>Acme Inc<br>1 Main Street<br>Springfield 12345</p><p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>`,
  )

type Owner = Awaited<ReturnType<typeof orgWithAccount>>['owner']

/** The account's monitoring state, polled until `done` says so (deadline 15 s). */
export async function waitForMonitoring(
  owner: Owner,
  orgId: string,
  awsAccountId: string,
  done: (monitoring: { state: string; eventTypes: string[] } | undefined) => boolean,
) {
  const until = Date.now() + 15_000
  for (;;) {
    const list = await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)
    const monitoring = list.body.items.find((item: { id: string }) => item.id === awsAccountId)?.monitoring
    if (done(monitoring)) return monitoring
    if (Date.now() > until) throw new Error(`monitoring not as expected: ${JSON.stringify(monitoring)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Turns on the account's SES events (monitoring, all event types unless told) and waits for SNS to confirm our
 * endpoint's subscription: what a campaign needs before it may be sent.
 */
export async function enableEvents(owner: Owner, orgId: string, awsAccountId: string, eventTypes?: string[]) {
  const enabled = await owner.api.post(`/api/aws-accounts/${awsAccountId}/enable-monitoring`, {
    organizationId: orgId,
    ...(eventTypes ? { eventTypes } : {}),
  })
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200)
  return waitForMonitoring(owner, orgId, awsAccountId, (monitoring) => monitoring?.state === 'ACTIVE')
}

/** A Team organization with a verified account and sender; its SES events are on unless `events: false`. */
export async function campaignOrg(
  plan: 'START' | 'TEAM_MONTHLY' = 'TEAM_MONTHLY',
  options: { events?: boolean } = {},
) {
  const setup = await orgWithAccount(plan)
  const fromEmail = uniqueEmail('news')
  await verifyLocalIdentity(stack, {
    accountId: setup.keys.accountId,
    region: 'us-east-1',
    identity: fromEmail,
  })
  // Monitoring needs the plan's feature: a START organization gets none (its campaigns are refused anyway).
  if (options.events !== false && plan !== 'START')
    await enableEvents(setup.owner, setup.orgId, setup.awsAccountId)
  return {
    ...setup,
    fromEmail,
    /** `organizationId=…` alone (GET/PATCH/DELETE); `q` holds the account too (POST campaigns). */
    oq: `organizationId=${setup.orgId}`,
    sender: { fromEmail, fromName: 'Acme News', replyTo: null, postalAddress: POSTAL },
  }
}

export type CampaignOrg = Awaited<ReturnType<typeof campaignOrg>>

/** A compliant template, a topic and `contacts` opted-in contacts (every other one without a first name). */
export async function audienceAndTemplate(setup: CampaignOrg, contacts = 3) {
  const template = await createTemplate(setup.owner, setup.orgId, `News-${Date.now()}`, {
    source: compliantSource(),
  })
  const topic = await createTopic(setup.owner, setup.orgId, { name: `Readers ${Date.now()}` })
  const emails: string[] = []
  for (let index = 0; index < contacts; index++) {
    const email = uniqueEmail(`reader${index}`)
    emails.push(email)
    await createContact(setup.owner, setup.orgId, {
      email,
      ...(index % 2 === 0 ? { firstName: `Reader${index}` } : {}),
      topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' }],
    })
  }
  return { template, topic, emails }
}

export async function createCampaign(setup: CampaignOrg, body: Record<string, unknown>) {
  const created = await setup.owner.api.post(`/api/campaigns?${setup.q}`, body)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body as { id: string; name: string; status: string; version: number }
}

/** A complete draft: sender, compliant template, one topic. */
export async function readyCampaign(setup: CampaignOrg, name = 'Launch', contacts = 3) {
  const { template, topic, emails } = await audienceAndTemplate(setup, contacts)
  const campaign = await createCampaign(setup, {
    name,
    sender: setup.sender,
    templateId: template.id,
    topicIds: [topic.id],
  })
  return { campaign, template, topic, emails }
}

export async function act(setup: CampaignOrg, id: string, action: string) {
  return setup.owner.api.patch(`/api/campaigns/${id}?${setup.oq}`, { action })
}
