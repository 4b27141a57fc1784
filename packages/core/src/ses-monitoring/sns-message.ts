import { verify, X509Certificate } from 'node:crypto'
import { SES_EVENT_MAX_AGE_SECONDS } from '@app/contracts'
import * as z from 'zod'
import { AppError } from '../errors'

/** A topic ARN: partition, region, account, name. */
export const TOPIC_ARN = /^arn:(aws[a-z-]*):sns:([a-z0-9-]+):(\d{12}):([\w-]{1,256})$/

/** The JSON SNS posts to an HTTP(S) subscriber. */
export const SnsMessageSchema = z.object({
  Type: z.enum(['SubscriptionConfirmation', 'Notification', 'UnsubscribeConfirmation']),
  MessageId: z.string().min(1).max(100),
  TopicArn: z.string().regex(TOPIC_ARN),
  Message: z.string(),
  Timestamp: z.iso.datetime(),
  SignatureVersion: z.enum(['1', '2']),
  Signature: z.string().min(1).max(4096),
  SigningCertURL: z.url(),
  Subject: z.string().optional(),
  Token: z.string().optional(),
  SubscribeURL: z.url().optional(),
  UnsubscribeURL: z.url().optional(),
})
export type SnsMessage = z.infer<typeof SnsMessageSchema>

/** The fields SNS signs, in order, per message type (AWS's documented string to sign). */
const SIGNED_FIELDS = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: [
    'Message',
    'MessageId',
    'SubscribeURL',
    'Timestamp',
    'Token',
    'TopicArn',
    'Type',
  ],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
} as const satisfies Record<SnsMessage['Type'], readonly (keyof SnsMessage)[]>

export function stringToSign(message: SnsMessage): string {
  return SIGNED_FIELDS[message.Type]
    .filter((field) => message[field] !== undefined)
    .map((field) => `${field}\n${message[field]}\n`)
    .join('')
}

const forged = (why: string) => new AppError('webhook.invalid_signature', `Not a valid SNS message: ${why}.`)

export interface SnsTrust {
  /**
   * Locally only: the SNS stand-in's origin, trusted like `https://sns.<region>.amazonaws.com`. Only
   * `http(s)://localhost` and `127.0.0.1` origins are honoured, so a stray setting cannot trust another host.
   */
  localOrigin?: string
}

function localOrigin(trust: SnsTrust): string | undefined {
  if (!trust.localOrigin) return undefined
  const url = new URL(trust.localOrigin)
  return ['localhost', '127.0.0.1'].includes(url.hostname) ? url.origin : undefined
}

/**
 * Whether a URL is one of SNS's own in the topic's region: `https://sns.<region>.amazonaws.com/…` (the
 * signing certificate, SubscribeURL), or the local stand-in's origin when one is trusted.
 */
export function isSnsUrl(href: string, region: string, trust: SnsTrust): boolean {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return false
  }
  const local = localOrigin(trust)
  if (local && url.origin === local) return true
  const host = /^sns\.([a-z0-9-]+)\.amazonaws\.com(\.cn)?$/.exec(url.hostname)
  return url.protocol === 'https:' && url.port === '' && host?.[1] === region
}

const certificates = new Map<string, X509Certificate>()
const MAX_CACHED_CERTIFICATES = 32

async function signingCertificate(url: string): Promise<X509Certificate> {
  const cached = certificates.get(url)
  if (cached) return cached
  const response = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' })
  if (!response.ok) throw forged(`its signing certificate could not be fetched (${response.status})`)
  const certificate = new X509Certificate(await response.text())
  if (certificates.size >= MAX_CACHED_CERTIFICATES) certificates.clear()
  certificates.set(url, certificate)
  return certificate
}

/**
 * Parses an SNS post and proves it came from SNS: the certificate is fetched only from SNS in the topic's region
 * (or the trusted local stand-in), is within its validity, and its key verifies the signature over AWS's string
 * to sign (SHA1 for SignatureVersion 1, SHA256 for 2). Messages older than `SES_EVENT_MAX_AGE_SECONDS` (or from
 * the future) are refused as replays. Throws `webhook.invalid_signature`.
 */
export async function verifySnsMessage(raw: string, trust: SnsTrust, now = Date.now()): Promise<SnsMessage> {
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    throw forged('the body is not JSON')
  }
  const parsed = SnsMessageSchema.safeParse(json)
  if (!parsed.success) throw forged('fields are missing or malformed')
  const message = parsed.data
  const region = TOPIC_ARN.exec(message.TopicArn)?.[2] ?? ''
  if (!isSnsUrl(message.SigningCertURL, region, trust) || !message.SigningCertURL.endsWith('.pem'))
    throw forged('its signing certificate is not from Amazon SNS')
  const age = now - Date.parse(message.Timestamp)
  if (age > SES_EVENT_MAX_AGE_SECONDS * 1000 || age < -5 * 60_000)
    throw forged('its timestamp is too old or in the future (a replay)')

  let certificate: X509Certificate
  try {
    certificate = await signingCertificate(message.SigningCertURL)
  } catch (error) {
    if (error instanceof AppError) throw error
    throw forged('its signing certificate could not be read')
  }
  if (now < Date.parse(certificate.validFrom) || now > Date.parse(certificate.validTo))
    throw forged('its signing certificate is not valid now')
  const algorithm = message.SignatureVersion === '1' ? 'sha1' : 'sha256'
  const signature = Buffer.from(message.Signature, 'base64')
  if (!verify(algorithm, Buffer.from(stringToSign(message), 'utf8'), certificate.publicKey, signature))
    throw forged('the signature does not match')
  return message
}
