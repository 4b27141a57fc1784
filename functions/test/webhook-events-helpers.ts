/** Shared set-up of the webhook event tests: an organization with an endpoint wanting the new types, another without. */
import type { WebhookEventType } from '@app/contracts'
import type { UserActor } from '@app/core'
import { organizationContext } from '@app/core/organizations/context'
import * as Webhooks from '@app/core/webhooks/public'
import { type CampaignOrg, campaignOrg, enableEvents } from './campaign-helpers'
import { type MonitoredOrg, monitoredOrg } from './suppression-helpers'

export const MESSAGE_TYPES = [
  'message.delivered',
  'message.opened',
  'message.clicked',
  'message.bounced',
  'message.complained',
] as const
const WANTED: WebhookEventType[] = [
  'contact.subscribed',
  'contact.unsubscribed',
  'campaign.finished',
  ...MESSAGE_TYPES,
]

export const actorOf = (owner: CampaignOrg['owner']): UserActor => ({
  kind: 'user',
  accountId: owner.sub,
  username: owner.sub,
  email: owner.email,
  emailVerified: true,
  groups: [],
})

/** The tags of a transactional message of ours. */
export const transactional = { 'ses-studio': ['transactional'], template: ['t1'] }
const now = () => new Date().toISOString()

/** One SES event of each reported type, for one message of `recipient` (SES's JSON as SNS carries it). */
export const sesEvents = (recipient: string) => ({
  Delivery: { delivery: { timestamp: now(), recipients: [recipient], smtpResponse: '250 2.0.0 OK' } },
  Open: { open: { timestamp: now(), userAgent: 'Mail/1.0', ipAddress: '198.51.100.7' } },
  Click: { click: { timestamp: now(), link: 'https://example.com/offer?x=1' } },
  Bounce: {
    bounce: {
      bounceType: 'Permanent',
      bounceSubType: 'General',
      timestamp: now(),
      bouncedRecipients: [{ emailAddress: recipient, diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
    },
  },
  Complaint: {
    complaint: {
      timestamp: now(),
      complaintFeedbackType: 'abuse',
      complainedRecipients: [{ emailAddress: recipient }],
    },
  },
})

/**
 * A Team organization (`setup`, monitored as `monitored`) whose endpoint at `url` wants every new type — created
 * before any event of it is written, so no function remembers "none" — and `quiet`, monitored, without endpoints.
 */
export async function webhookEventOrgs(url: string) {
  const setup = await campaignOrg('TEAM_MONTHLY', { events: false })
  const context = await organizationContext(actorOf(setup.owner), setup.orgId, 'organization.read')
  const { secret } = await Webhooks.createEndpoint(context, {
    url,
    description: 'all new types',
    eventTypes: WANTED,
  })
  const monitoring = await enableEvents(setup.owner, setup.orgId, setup.awsAccountId)
  const monitored = {
    ...setup,
    topicArn: (monitoring as unknown as { topicArn: string }).topicArn,
  } as MonitoredOrg
  return { setup, monitored, secret, quiet: await monitoredOrg() }
}
