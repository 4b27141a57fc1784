import { randomUUID } from 'node:crypto'
import type { SnsSubscription, SnsTopic } from '../state'
import { SIGNING_CERT_PATH, type SnsMessageType, type SnsSigner } from './signing'

/** AWS's HTTP/S default: 3 retries; ours back off 1 s, 2 s, 4 s so tests see a retry quickly. */
const RETRY_DELAYS_MS = [1000, 2000, 4000]
const ATTEMPT_TIMEOUT_MS = 15_000
const RECENT_LIMIT = 200

export interface DeliveryRecord {
  messageId: string
  type: SnsMessageType
  topicArn: string
  endpoint: string
  attempts: number
  status: 'pending' | 'delivered' | 'failed'
  lastError?: string
}

export interface SnsDeliveryOptions {
  signer: SnsSigner
  /** This server's origin (SigningCertURL, SubscribeURL, UnsubscribeURL). */
  publicUrl: () => string
  log: (line: string) => void
  retryDelaysMs?: number[]
}

/** AWS's JSON layout (`"Key" : "value"`, one per line), which subscribers parse as plain JSON. */
function snsJson(fields: [string, string][]): string {
  return `{\n${fields.map(([key, value]) => `  ${JSON.stringify(key)} : ${JSON.stringify(value)}`).join(',\n')}\n}`
}

/**
 * SNS's HTTP/S deliveries: signed SubscriptionConfirmation, UnsubscribeConfirmation and Notification messages
 * POSTed to subscribers in the background, retried with backoff on a non-2xx answer or a network error, then
 * given up with one log line. Timers and requests in flight end with `stop()`.
 */
export class SnsDeliveries {
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly aborter = new AbortController()
  private readonly recentRecords: DeliveryRecord[] = []
  private stopped = false

  constructor(private readonly options: SnsDeliveryOptions) {}

  get certificateUrl(): string {
    return `${this.options.publicUrl()}${SIGNING_CERT_PATH}`
  }

  // ARNs go into these links as they are (only letters, digits and `:_.-`), as in AWS's.
  subscribeUrl(topic: SnsTopic, subscription: SnsSubscription): string {
    return `${this.options.publicUrl()}/?Action=ConfirmSubscription&TopicArn=${topic.arn}&Token=${subscription.token}`
  }

  unsubscribeUrl(subscription: SnsSubscription): string {
    return `${this.options.publicUrl()}/?Action=Unsubscribe&SubscriptionArn=${subscription.arn}`
  }

  /** SubscriptionConfirmation (after Subscribe) or UnsubscribeConfirmation (after Unsubscribe). */
  sendConfirmation(
    topic: SnsTopic,
    subscription: SnsSubscription,
    type: 'SubscriptionConfirmation' | 'UnsubscribeConfirmation',
  ): void {
    const message =
      type === 'SubscriptionConfirmation'
        ? `You have chosen to subscribe to the topic ${topic.arn}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`
        : `You have chosen to deactivate subscription ${subscription.arn}.\nTo cancel this operation and restore the subscription, visit the SubscribeURL included in this message.`
    const signed = {
      Type: type,
      MessageId: randomUUID(),
      Token: subscription.token,
      TopicArn: topic.arn,
      Message: message,
      SubscribeURL: this.subscribeUrl(topic, subscription),
      Timestamp: new Date().toISOString(),
    }
    this.post(topic, subscription, signed, [
      'Type',
      'MessageId',
      'Token',
      'TopicArn',
      'Message',
      'SubscribeURL',
      'Timestamp',
    ])
  }

  /** A Notification to every confirmed subscription of the topic; returns the SNS message id. */
  publish(topic: SnsTopic, message: string, subject?: string): string {
    const messageId = randomUUID()
    const timestamp = new Date().toISOString()
    for (const subscription of Object.values(topic.subscriptions)) {
      if (!subscription.confirmed) continue
      const signed = {
        Type: 'Notification' as const,
        MessageId: messageId,
        TopicArn: topic.arn,
        ...(subject === undefined ? {} : { Subject: subject }),
        Message: message,
        Timestamp: timestamp,
      }
      this.post(
        topic,
        subscription,
        signed,
        [
          'Type',
          'MessageId',
          'TopicArn',
          ...(subject === undefined ? [] : ['Subject']),
          'Message',
          'Timestamp',
        ],
        this.unsubscribeUrl(subscription),
      )
    }
    return messageId
  }

  /** Runs `task` after `ms` unless the stand-in stops first. */
  later(ms: number, task: () => void): void {
    if (this.stopped) return
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      if (!this.stopped) task()
    }, ms)
    this.timers.add(timer)
  }

  /** The latest deliveries, newest first (`GET /_local-aws/sns/deliveries`). */
  recent(): DeliveryRecord[] {
    return this.recentRecords.map((record) => ({ ...record })).reverse()
  }

  stop(): void {
    this.stopped = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    this.aborter.abort()
  }

  /**
   * A message signed with the stand-in's key, as the JSON body SNS would post (the given fields in their order,
   * then SignatureVersion, Signature, SigningCertURL and any UnsubscribeURL).
   */
  signedBody(
    signed: { Type: SnsMessageType } & Record<string, string>,
    order: string[] = Object.keys(signed),
    version: '1' | '2' = '2',
    unsubscribeUrl?: string,
  ): string {
    return snsJson([
      ...order.map((key): [string, string] => [key, signed[key] ?? '']),
      ['SignatureVersion', version],
      ['Signature', this.options.signer.sign(signed, version)],
      ['SigningCertURL', this.certificateUrl],
      ...(unsubscribeUrl ? [['UnsubscribeURL', unsubscribeUrl] as [string, string]] : []),
    ])
  }

  private post(
    topic: SnsTopic,
    subscription: SnsSubscription,
    signed: { Type: SnsMessageType; MessageId: string } & Record<string, string>,
    order: string[],
    unsubscribeUrl?: string,
  ): void {
    const version = topic.attributes.SignatureVersion === '1' ? '1' : '2'
    const body = this.signedBody(signed, order, version, unsubscribeUrl)
    const headers: Record<string, string> = {
      'content-type': 'text/plain; charset=UTF-8',
      'user-agent': 'Amazon Simple Notification Service Agent',
      'x-amz-sns-message-type': signed.Type,
      'x-amz-sns-message-id': signed.MessageId,
      'x-amz-sns-topic-arn': topic.arn,
      ...(signed.Type === 'Notification' ? { 'x-amz-sns-subscription-arn': subscription.arn } : {}),
    }
    const record: DeliveryRecord = {
      messageId: signed.MessageId,
      type: signed.Type,
      topicArn: topic.arn,
      endpoint: subscription.endpoint,
      attempts: 0,
      status: 'pending',
    }
    this.recentRecords.push(record)
    if (this.recentRecords.length > RECENT_LIMIT) this.recentRecords.shift()
    // Never in the caller's turn: the API answer goes out first, as with SNS.
    this.later(0, () => this.attempt(subscription.endpoint, headers, body, record))
  }

  private attempt(endpoint: string, headers: Record<string, string>, body: string, record: DeliveryRecord) {
    record.attempts += 1
    fetch(endpoint, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([this.aborter.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
    })
      .then(async (response) => {
        await response.arrayBuffer().catch(() => undefined)
        if (response.status < 200 || response.status > 299) throw new Error(`HTTP ${response.status}`)
        record.status = 'delivered'
        delete record.lastError
      })
      .catch((error: unknown) => {
        if (this.stopped) return
        const cause = (error as { cause?: { code?: string } }).cause?.code
        record.lastError = `${error instanceof Error ? error.message : String(error)}${cause ? ` (${cause})` : ''}`
        const delay = (this.options.retryDelaysMs ?? RETRY_DELAYS_MS)[record.attempts - 1]
        if (delay === undefined) {
          record.status = 'failed'
          this.options.log(
            `local SNS: gave up delivering ${record.type} ${record.messageId} from ${record.topicArn} to ${endpoint} after ${record.attempts} attempts: ${record.lastError}`,
          )
          return
        }
        this.later(delay, () => this.attempt(endpoint, headers, body, record))
      })
  }
}
