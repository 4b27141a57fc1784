/**
 * The campaign the report tests read: sent through the local stack to the mailbox simulator, with engagement
 * played through the local SES (opens, clicks on two links), a one-click unsubscribe, and what the stand-in does
 * not produce injected as signed SNS events (a soft bounce, a delivery delay, a reject, a rendering failure).
 *
 * Recipients: a opens twice, clicks LINK1, LINK2, LINK1 and unsubscribes; b is opened by Apple's proxy (a machine
 * open); c clicks LINK1 only; d hard-bounces; e complains; f soft-bounces and is delayed; g is rejected and fails to
 * render. Resolves once the simulator's deliveries, d's bounce and e's complaint are counted (the engagement after
 * that may still be arriving: wait for the counts a test needs).
 */
import { listUnsubscribeHeaders } from '@app/core/audience/unsubscribe/headers'
import { simulateLocalSesEngagement } from '@app/local-stack/testing/local-aws'
import { expect } from 'vitest'
import { createTopic } from './audience-helpers'
import { act, compliantSource, createCampaign } from './campaign-helpers'
import {
  deliver,
  eventually,
  type ReportingOrg,
  report,
  reportingOrg,
  signedEvent,
  simulatorContacts,
} from './campaign-report-helpers'
import { createTemplate } from './ses-sync-helpers'
import { anonymous, stack } from './stack'

export const LINK1 = 'https://acme.example/launch?utm_source=news'
export const LINK2 = 'https://acme.example/pricing'
export const HUMAN = {
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36',
  ipAddress: '203.0.113.7',
}
export const APPLE_PROXY = { userAgent: 'Mozilla/5.0', ipAddress: '17.58.101.4' }

export type Recipient = { id: string; email: string; organizationId: string }

export async function sendEngagedCampaign(): Promise<{
  org: ReportingOrg
  campaignId: string
  topicId: string
  who: Record<string, Recipient>
}> {
  const org = await reportingOrg()
  const who: Record<string, Recipient> = {}
  const template = await createTemplate(org.owner, org.orgId, `Report-${Date.now()}`, {
    source: compliantSource(),
  })
  const topic = await createTopic(org.owner, org.orgId, { name: `Report ${Date.now()}` })
  const labels = {
    a: 'success+a',
    b: 'success+b',
    c: 'success+c',
    d: 'bounce+d',
    e: 'complaint+e',
    f: 'success+f',
    g: 'success+g',
  }
  Object.assign(who, await simulatorContacts(org, topic.id, labels))
  const campaign = await createCampaign(org, {
    name: 'Report launch',
    sender: org.sender,
    templateId: template.id,
    topicIds: [topic.id],
  })
  const campaignId: string = campaign.id
  expect((await act(org, campaignId, 'send')).status).toBe(200)
  await eventually(
    async () => (await org.owner.api.get(`/api/campaigns/${campaignId}?${org.oq}`)).body,
    (read) => read.status === 'SENT',
    'the campaign to be sent',
  )
  // The simulator's own events: 5 deliveries + the complaint's delivery, d's bounce, e's complaint.
  await eventually(
    () => report(org, campaignId),
    (read) => read.counts.delivered === 6 && read.counts.hardBounces === 1 && read.counts.complaints === 1,
    'the simulator’s events to be counted',
  )
  const listed = await org.owner.api.get(`/api/campaigns/${campaignId}/recipients?${org.oq}&limit=50`)
  expect(listed.status, JSON.stringify(listed.body)).toBe(200)
  const rows: Record<string, { messageId: string | null }> = Object.fromEntries(
    listed.body.items.map((row: { contactId: string }) => [row.contactId, row]),
  )
  const message = (key: string) => rows[who[key]?.id ?? '']?.messageId ?? ''
  await simulateLocalSesEngagement(stack, { messageId: message('a'), type: 'OPEN', ...HUMAN })
  await simulateLocalSesEngagement(stack, { messageId: message('a'), type: 'OPEN', ...HUMAN })
  await simulateLocalSesEngagement(stack, { messageId: message('b'), type: 'OPEN', ...APPLE_PROXY })
  for (const [key, link] of [
    ['a', LINK1],
    ['a', LINK2],
    ['a', LINK1],
    ['c', LINK1],
  ] as const)
    await simulateLocalSesEngagement(stack, { messageId: message(key), type: 'CLICK', link, ...HUMAN })
  const at = new Date().toISOString()
  const inject = (key: string, eventType: string, body: Record<string, unknown>) =>
    signedEvent(org, {
      eventType,
      messageId: message(key),
      sentAt: at,
      recipient: who[key]?.email ?? '',
      campaignId,
      contactId: who[key]?.id ?? '',
      body,
    }).then(deliver)
  await inject('f', 'Bounce', {
    bounce: {
      bounceType: 'Transient',
      bounceSubType: 'MailboxFull',
      timestamp: at,
      bouncedRecipients: [{ emailAddress: who.f?.email }],
    },
  })
  await inject('f', 'DeliveryDelay', { deliveryDelay: { delayType: 'MailboxFull', timestamp: at } })
  await inject('g', 'Reject', { reject: { reason: 'Bad content' } })
  await inject('g', 'Rendering Failure', {
    failure: { errorMessage: 'Attribute missing', templateName: 't' },
  })
  // a unsubscribes through the campaign's one-click link (List-Unsubscribe).
  const a = who.a
  if (!a) throw new Error('a expected')
  const url = new URL(
    listUnsubscribeHeaders({ contact: a, topics: [topic.id], campaignId })['List-Unsubscribe'].slice(1, -1),
  )
  const posted = await anonymous().request('POST', `${url.pathname}${url.search}`, {
    rawBody: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  expect(posted.status, JSON.stringify(posted.body)).toBe(200)
  return { org, campaignId, topicId: topic.id, who }
}

/** Waits until every event the seed played is counted (machine opens excluded by default). */
export function everyEventCounted(org: ReportingOrg, campaignId: string) {
  return eventually(
    () => report(org, campaignId),
    (read) =>
      read.counts.totalClicks === 4 &&
      read.counts.unsubscribes === 1 &&
      read.counts.renderingFailures === 1 &&
      read.counts.machineOpens === 1 &&
      read.counts.totalOpens === 2 &&
      read.counts.softBounces === 1,
    'every event to be counted',
  )
}
