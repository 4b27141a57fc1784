import type { SendEmailResult } from '@app/contracts'
import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2'
import { ulid } from 'ulid'
import type { AwsConnectionRecord } from '../aws-accounts/public'
import { awsErrorOf, customerSesSingleAttempt, toCustomerAwsError } from '../aws-accounts/public'
import { AppError } from '../errors'
import { sleepUntil } from '../jobs/public'
import { backOff, paceRecipients } from './sending/pace'
import { MESSAGE_ID_HEADER, SES_CALL_TIMEOUT_MS } from './sending/ses-send'
import { escapeHtmlVariables, replacementData } from './sending/ses-template'
import { fromAddress } from './test-send'

/** One recipient's message: its address and the values its template reads. */
export interface TransactionalMessage {
  to: string
  values: Record<string, string>
}

export interface TransactionalContent {
  templateId: string
  parts: { subject: string; html: string; text: string }
  from: { email: string; name: string }
  replyTo?: string
}

/** No message waits for the account's limiter longer than this (the API call must answer in time). */
const PACE_DEADLINE_MS = 20_000
/** A message SES throttled anyway (another sender on the account) is tried again this many times. */
const MAX_THROTTLED = 3
const THROTTLED = new Set(['TooManyRequestsException', 'ThrottlingException', 'Throttling'])
/** Errors that say the account (or the sender) cannot send at all: nothing else would go either. */
const ACCOUNT_LEVEL = new Set([
  'AccountSuspendedException',
  'SendingPausedException',
  'MailFromDomainNotVerifiedException',
  'NotFoundException',
])

type Outcome =
  | { kind: 'sent'; messageId: string }
  | { kind: 'throttled' }
  | { kind: 'failed'; error: unknown }

const tagValue = (value: string) => value.replace(/[^A-Za-z0-9_.@-]/g, '_').slice(0, 256)

/** One message, one SES call (`maxAttempts: 1`: a lost answer is never sent twice by the SDK). */
async function sendOne(
  client: SESv2Client,
  connection: AwsConnectionRecord,
  message: TransactionalMessage,
  content: TransactionalContent,
): Promise<Outcome> {
  const { parts } = content
  try {
    const sent = await client.send(
      new SendEmailCommand({
        FromEmailAddress: fromAddress(content.from.email, content.from.name),
        ...(content.replyTo ? { ReplyToAddresses: [content.replyTo] } : {}),
        Destination: { ToAddresses: [message.to] },
        Content: {
          Template: {
            TemplateContent: {
              Subject: parts.subject,
              Html: escapeHtmlVariables(parts.html),
              Text: parts.text || undefined,
            },
            TemplateData: JSON.stringify(replacementData(message.values)),
            Headers: [{ Name: MESSAGE_ID_HEADER, Value: `transactional.${ulid()}` }],
          },
        },
        ConfigurationSetName: connection.monitoring?.configurationSetName,
        EmailTags: [
          { Name: 'ses-studio', Value: 'transactional' },
          { Name: 'template', Value: tagValue(content.templateId) },
        ],
      }),
      { abortSignal: AbortSignal.timeout(SES_CALL_TIMEOUT_MS) },
    )
    return { kind: 'sent', messageId: sent.MessageId ?? '' }
  } catch (error) {
    if (THROTTLED.has(awsErrorOf(error)?.name ?? '')) return { kind: 'throttled' }
    return { kind: 'failed', error }
  }
}

function failure(to: string, error: unknown): SendEmailResult {
  const mapped = toCustomerAwsError(error, 'send the email')
  return mapped instanceof AppError
    ? { to, status: 'failed', error: { code: mapped.code, message: mapped.message } }
    : { to, status: 'failed', error: { code: 'aws.request_failed', message: 'SES did not answer.' } }
}

/**
 * Sends each message paced by the account's limiter, shared with its campaigns (`paceRecipients`: the
 * campaigns' share of MaxSendRate, the daily quota): a lease at a time, each lease's messages at its slot. A
 * message SES throttles backs the whole account off and goes again (at most 3 times); one the limiter cannot
 * place in time, or past the daily quota, fails with why. An account-level refusal before anything was sent is
 * thrown (the call's 4xx); after, the rest fail with it.
 */
export async function sendPaced(
  connection: AwsConnectionRecord,
  messages: TransactionalMessage[],
  content: TransactionalContent,
): Promise<Map<string, SendEmailResult>> {
  const results = new Map<string, SendEmailResult>()
  if (messages.length === 0) return results
  const client = await customerSesSingleAttempt(connection)
  const deadline = Date.now() + PACE_DEADLINE_MS
  let queue = messages.map((message) => ({ ...message, throttled: 0 }))
  while (queue.length > 0) {
    const pace = await paceRecipients(connection, queue.length, deadline)
    if (pace.granted === 0) {
      const error = pace.waitUntil
        ? new AppError('aws.throttled', 'The AWS account’s daily sending quota is spent: try again later.')
        : new AppError(
            'aws.throttled',
            'The AWS account is sending at its rate limit: try again in a moment.',
          )
      for (const message of queue) results.set(message.to, failure(message.to, error))
      break
    }
    await sleepUntil(pace.at)
    const batch = queue.slice(0, pace.granted)
    queue = queue.slice(pace.granted)
    const outcomes = await Promise.all(batch.map((message) => sendOne(client, connection, message, content)))
    for (const [index, outcome] of outcomes.entries()) {
      const message = batch[index]
      if (!message) continue
      if (outcome.kind === 'sent') {
        results.set(message.to, { to: message.to, status: 'sent', messageId: outcome.messageId })
      } else if (outcome.kind === 'throttled' && message.throttled < MAX_THROTTLED) {
        await backOff(connection, message.throttled + 1)
        queue.push({ ...message, throttled: message.throttled + 1 })
      } else if (outcome.kind === 'throttled') {
        results.set(message.to, failure(message.to, new AppError('aws.throttled', 'SES kept throttling.')))
      } else {
        const accountLevel = ACCOUNT_LEVEL.has(awsErrorOf(outcome.error)?.name ?? '')
        const anySent =
          outcomes.some((other) => other.kind === 'sent') ||
          [...results.values()].some((result) => result.status === 'sent')
        if (accountLevel && !anySent) throw outcome.error
        results.set(message.to, failure(message.to, outcome.error))
      }
    }
  }
  return results
}
