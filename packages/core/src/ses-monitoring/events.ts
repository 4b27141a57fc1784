import { markFromSesEvent } from '../audience/public'
import * as AwsAccounts from '../aws-accounts/public'
import * as Campaigns from '../campaigns/public'
import { recordSesOutcome, type SesOutcome } from '../campaigns/public'
import { AppError } from '../errors'
import { outboxPut } from '../events/outbox'
import type { Logger } from '../log'
import { monitoringEnv } from './env'
import { messageEventOf } from './message-events'
import { recordEvent } from './message-log.repo'
import { connectionOfTopic } from './resources'
import { parseSesEvent, type SesEvent } from './ses-event'
import { isSnsUrl, type SnsMessage, TOPIC_ARN, verifySnsMessage } from './sns-message'

const unknownTopic = () =>
  new AppError('ses_events.unknown_topic', 'This topic does not publish to SES Studio monitoring.')

/** The connection monitoring through this topic (the topic's name carries its id; its state must name it). */
async function connectionFor(topicArn: string) {
  const [, , region = '', account = '', name = ''] = TOPIC_ARN.exec(topicArn) ?? []
  const id = connectionOfTopic(name)
  if (!id) throw unknownTopic()
  const orgId = await AwsAccounts.organizationOf(id)
  const connection = orgId ? await AwsAccounts.getConnection(orgId, id) : undefined
  if (
    !connection?.monitoring ||
    connection.monitoring.topicArn !== topicArn ||
    connection.region !== region ||
    (connection.awsAccountNumber && connection.awsAccountNumber !== account)
  )
    throw unknownTopic()
  return { connection, monitoring: connection.monitoring, region }
}

/** Confirms our subscription by visiting the SubscribeURL SNS sent — only if it is SNS's own. */
async function confirmSubscription(message: SnsMessage, log: Logger): Promise<void> {
  const { connection, region } = await connectionFor(message.TopicArn)
  const url = message.SubscribeURL
  if (!url || !isSnsUrl(url, region, monitoringEnv()))
    throw new AppError('webhook.invalid_signature', 'Not a valid SNS message: its SubscribeURL is not SNS.')
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' })
  const text = await response.text()
  if (!response.ok) {
    log.warn('ses_events.confirm_failed', { status: response.status, topicArn: message.TopicArn })
    throw new AppError('aws.request_failed', 'Amazon SNS did not confirm the subscription.')
  }
  const subscriptionArn = /<SubscriptionArn>([^<]+)<\/SubscriptionArn>/.exec(text)?.[1] ?? ''
  const confirmed = await AwsAccounts.confirmMonitoring(
    connection.orgId,
    connection.id,
    message.TopicArn,
    subscriptionArn,
    new Date().toISOString(),
  )
  log.info('ses_events.subscription_confirmed', { awsAccountId: connection.id, confirmed })
}

/** The events that settle a campaign recipient's ledger item (the sending engine's `recordSesOutcome`). */
const LEDGER_EVENTS = new Set<SesOutcome['type']>([
  'SEND',
  'DELIVERY',
  'BOUNCE',
  'COMPLAINT',
  'REJECT',
  'RENDERING_FAILURE',
])
const isLedgerEvent = (type: SesEvent['type']): type is SesOutcome['type'] =>
  LEDGER_EVENTS.has(type as SesOutcome['type'])

/**
 * A campaign message's event goes to its recipient's ledger item, found by the message's `campaign` and `contact`
 * tags within the organization the topic belongs to (another organization's campaign id finds nothing).
 */
async function routeToCampaign(orgId: string, event: SesEvent, log: Logger): Promise<void> {
  if (!event.campaign) return
  if (isLedgerEvent(event.type)) {
    const changed = await recordSesOutcome({
      orgId,
      campaignId: event.campaign.campaignId,
      contactId: event.campaign.contactId,
      sesMessageId: event.messageId,
      type: event.type,
      at: event.at,
    })
    if (changed) log.info('ses_events.campaign_outcome', { ...event.campaign, type: event.type })
  }
  // The report's counters: queued and counted in batches by the events worker (each event once, however often
  // SNS delivers it or SQS redelivers it).
  await Campaigns.enqueueEngagement({
    orgId,
    campaignId: event.campaign.campaignId,
    contactId: event.campaign.contactId,
    type: event.type,
    sesMessageId: event.messageId,
    at: event.at,
    sentAt: event.sentAt,
    ...event.engagement,
  })
}

/**
 * The public SES events endpoint. Every post is proven to come from SNS before anything is read from or written
 * to the table; then subscription confirmations are confirmed (for topics monitoring created), and each SES event
 * is recorded once against the organization and AWS account its topic belongs to (and, for a campaign's message,
 * settles its recipient in the ledger; for a campaign's or transactional message an endpoint wants, writes its
 * `message.*` event with the record). Forged, stale and redelivered posts store nothing.
 */
export async function receiveSesEvent(raw: string, log: Logger): Promise<void> {
  const message = await verifySnsMessage(raw, monitoringEnv())
  if (message.Type === 'SubscriptionConfirmation') return confirmSubscription(message, log)
  // We unsubscribe by deleting the topic; nothing to do.
  if (message.Type === 'UnsubscribeConfirmation') return

  const { connection } = await connectionFor(message.TopicArn)
  const event = parseSesEvent(message.Message)
  if (!event) {
    log.info('ses_events.ignored', { awsAccountId: connection.id, snsMessageId: message.MessageId })
    return
  }
  // Contacts and the campaign's ledger first (both idempotent): if either fails, nothing is recorded and SNS
  // delivers again.
  await markFromSesEvent(connection.orgId, event, log)
  await routeToCampaign(connection.orgId, event, log)
  const announced = await messageEventOf(connection.orgId, connection.id, event)
  const outcome = await recordEvent(
    connection.orgId,
    connection.id,
    message.MessageId,
    event,
    announced ? [outboxPut(announced)] : [],
  )
  log.info('ses_events.event', {
    awsAccountId: connection.id,
    type: event.type,
    sesMessageId: event.messageId,
    outcome,
  })
}
