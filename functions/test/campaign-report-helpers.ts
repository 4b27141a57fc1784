/** Shared set-up of the campaign report tests: a Team organization with SES events on, and event posting. */
import { randomUUID } from 'node:crypto'
import { SES_EVENTS_PATH } from '@app/contracts'
import { listUnsubscribeHeaders } from '@app/core/audience/unsubscribe/headers'
import { signLocalSnsMessage } from '@app/local-stack/testing/local-aws'
import { expect } from 'vitest'
import { createContact } from './audience-helpers'
import { type CampaignOrg, campaignOrg, waitForMonitoring } from './campaign-helpers'
import { anonymous, stack } from './stack'

/** A campaign organization whose AWS account publishes SES events to us (subscription confirmed). */
export async function reportingOrg(plan: 'START' | 'TEAM_MONTHLY' = 'TEAM_MONTHLY') {
  // campaignOrg has turned the SES events on and waited for SNS's confirmation already.
  const setup = await campaignOrg(plan)
  if (plan === 'START') return { ...setup, topicArn: '' }
  const monitoring = await waitForMonitoring(setup.owner, setup.orgId, setup.awsAccountId, Boolean)
  return { ...setup, topicArn: (monitoring as { topicArn?: string }).topicArn ?? '' }
}
export type ReportingOrg = CampaignOrg & { topicArn: string }

/** One SES event record as SES publishes it (fixed times, so a copy is the same event). */
export interface SesRecord {
  eventType: string
  messageId: string
  sentAt: string
  recipient: string
  campaignId: string
  contactId: string
  body: Record<string, unknown>
}

/** The SNS notification of an SES event, signed by the local SNS (`snsMessageId`: the same for a redelivery). */
export async function signedEvent(org: ReportingOrg, record: SesRecord, snsMessageId = randomUUID()) {
  return signLocalSnsMessage(stack, {
    Type: 'Notification',
    MessageId: snsMessageId,
    TopicArn: org.topicArn,
    Timestamp: new Date().toISOString(),
    Message: JSON.stringify({
      eventType: record.eventType,
      mail: {
        timestamp: record.sentAt,
        messageId: record.messageId,
        source: org.sender.fromEmail,
        destination: [record.recipient],
        tags: {
          'ses:configuration-set': ['ses-studio-monitoring'],
          campaign: [record.campaignId],
          contact: [record.contactId],
        },
      },
      ...record.body,
    }),
  })
}

/** Posts a signed notification to the SES events endpoint as SNS does. */
export async function deliver(signed: string) {
  const answer = await fetch(`${stack.apiUrl}${SES_EVENTS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain; charset=UTF-8' },
    body: signed,
  })
  expect(answer.status, await answer.clone().text()).toBe(204)
}

export async function report(org: CampaignOrg, campaignId: string, machineOpens?: 'include' | 'exclude') {
  const read = await org.owner.api.get(
    `/api/campaigns/${campaignId}/report?${org.oq}${machineOpens ? `&machineOpens=${machineOpens}` : ''}`,
  )
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return read.body
}

/** Polls `read` until `done` (deadline `ms`: sending through the stack's workers takes a while on a busy machine). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  ms = 90_000,
) {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Sends a ready campaign through the stack's workers and waits until it is SENT. */
export async function sendAndWait(org: CampaignOrg, campaignId: string) {
  const sent = await org.owner.api.patch(`/api/campaigns/${campaignId}?${org.oq}`, { action: 'send' })
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  await eventually(
    async () => (await org.owner.api.get(`/api/campaigns/${campaignId}?${org.oq}`)).body,
    (read) => read.status === 'SENT',
    'the campaign to be sent',
  )
}

/** Each recipient's SES message id, by contact id (from the recipients table). */
export async function messageIds(org: CampaignOrg, campaignId: string): Promise<Map<string, string>> {
  const read = await org.owner.api.get(`/api/campaigns/${campaignId}/recipients?${org.oq}&limit=100`)
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return new Map(
    read.body.items.map((row: { contactId: string; messageId: string | null }) => [
      row.contactId,
      row.messageId ?? '',
    ]),
  )
}

/** Injects an SES event of a recipient as a signed SNS notification (what the stand-in does not produce itself). */
export function injectEvent(
  org: ReportingOrg,
  campaignId: string,
  recipient: { id: string; email: string; messageId: string },
  eventType: string,
  body: Record<string, unknown>,
) {
  return signedEvent(org, {
    eventType,
    messageId: recipient.messageId,
    sentAt: new Date().toISOString(),
    recipient: recipient.email,
    campaignId,
    contactId: recipient.id,
    body,
  }).then(deliver)
}

/** The recipient unsubscribes through the campaign's one-click link (List-Unsubscribe), as a mail app posts it. */
export async function oneClickUnsubscribe(
  contact: { id: string; email: string; organizationId: string },
  topicIds: string[],
  campaignId: string,
) {
  const url = new URL(
    listUnsubscribeHeaders({ contact, topics: topicIds, campaignId })['List-Unsubscribe'].slice(1, -1),
  )
  const posted = await anonymous().request('POST', `${url.pathname}${url.search}`, {
    rawBody: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  expect(posted.status, JSON.stringify(posted.body)).toBe(200)
}

/**
 * One opted-in contact of `topicId` per label, each at a fresh mailbox-simulator address (`success+a`,
 * `bounce+d` …) and greeted by its key as first name (the template needs one), by key.
 */
export async function simulatorContacts(
  org: CampaignOrg,
  topicId: string,
  labels: Record<string, string>,
): Promise<Record<string, { id: string; email: string; organizationId: string }>> {
  const contacts: Record<string, { id: string; email: string; organizationId: string }> = {}
  for (const [key, label] of Object.entries(labels)) {
    const contact = await createContact(org.owner, org.orgId, {
      email: `${label}-${randomUUID().slice(0, 8)}@simulator.amazonses.com`,
      firstName: key.toUpperCase(),
      topicPreferences: [{ topicId, status: 'OPT_IN' }],
    })
    contacts[key] = { id: contact.id, email: contact.email, organizationId: org.orgId }
  }
  return contacts
}
