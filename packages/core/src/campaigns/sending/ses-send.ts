import { SendBulkEmailCommand } from '@aws-sdk/client-sesv2'
import type { AwsConnectionRecord } from '../../aws-accounts/public'
import { customerSesSingleAttempt } from '../../aws-accounts/public'
import type { BatchAnswer, RunRecord } from './runs.repo'
import { replacementData } from './ses-template'

/** Our own id of every message, beside SES's (`<campaignId>.<contactId>`), for support and reconciliation. */
export const MESSAGE_ID_HEADER = 'X-SES-Studio-Message-Id'
/** The SES call is abandoned after this (well inside the send window of the attempt mark). */
export const SES_CALL_TIMEOUT_MS = 15_000

export interface Destination {
  contactId: string
  email: string
  values: Record<string, string>
  headers: Record<string, string>
}

/** Errors of the whole call that say nothing was sent and the account (or its setup) must be fixed first. */
const ACCOUNT_ERRORS: Record<string, string> = {
  AccountSuspendedException: 'account_suspended',
  SendingPausedException: 'sending_paused',
  MailFromDomainNotVerifiedException: 'mail_from_not_verified',
  MessageRejected: 'sender_not_verified',
  NotFoundException: 'setup_missing',
}
const THROTTLED = new Set(['TooManyRequestsException', 'ThrottlingException'])

/** The `From` header: a display name quoted (RFC 5322), the address as verified. */
export function fromAddress(run: Pick<RunRecord, 'fromEmail' | 'fromName'>): string {
  if (!run.fromName) return run.fromEmail
  const name = run.fromName.replace(/[\r\n]/g, ' ').replace(/(["\\])/g, '\\$1')
  return `"${name}" <${run.fromEmail}>`
}

const tagValue = (value: string) => value.replace(/[^A-Za-z0-9_.@-]/g, '_').slice(0, 256)

export type CallResult =
  | { kind: 'answered'; answer: Record<string, BatchAnswer> }
  /** Nothing was sent and the run must pause (the code and SES's words). */
  | { kind: 'account'; answer: Record<string, BatchAnswer>; code: string; message: string }
  | { kind: 'throttled'; answer: Record<string, BatchAnswer> }
  /** No answer: SES may or may not have accepted (a timeout, a 5xx, a lost response). */
  | { kind: 'unknown'; answer: Record<string, BatchAnswer>; message: string }

const each = (destinations: Destination[], answer: BatchAnswer) =>
  Object.fromEntries(destinations.map((destination) => [destination.contactId, answer]))

/**
 * One `SendBulkEmail` of ≤ 50 destinations by the campaign-owned template: per destination its data (raw values
 * and the HTML part's escaped copy), its RFC 8058 headers and our message id header, the `campaign` and
 * `contact` tags and the configuration set. One attempt (`maxAttempts: 1`): retries are the ledger's.
 */
export async function sendBulk(
  connection: AwsConnectionRecord,
  run: RunRecord,
  destinations: Destination[],
): Promise<CallResult> {
  const client = await customerSesSingleAttempt(connection)
  const command = new SendBulkEmailCommand({
    FromEmailAddress: fromAddress(run),
    ...(run.replyTo ? { ReplyToAddresses: [run.replyTo] } : {}),
    ...(run.configurationSet ? { ConfigurationSetName: run.configurationSet } : {}),
    DefaultEmailTags: [{ Name: 'campaign', Value: tagValue(run.campaignId) }],
    DefaultContent: { Template: { TemplateName: run.sesTemplateName, TemplateData: '{}' } },
    BulkEmailEntries: destinations.map((destination) => ({
      Destination: { ToAddresses: [destination.email] },
      ReplacementTags: [
        { Name: 'campaign', Value: tagValue(run.campaignId) },
        { Name: 'contact', Value: tagValue(destination.contactId) },
      ],
      ReplacementHeaders: Object.entries({
        ...destination.headers,
        [MESSAGE_ID_HEADER]: `${run.campaignId}.${destination.contactId}`,
      }).map(([Name, Value]) => ({ Name, Value })),
      ReplacementEmailContent: {
        ReplacementTemplate: { ReplacementTemplateData: JSON.stringify(replacementData(destination.values)) },
      },
    })),
  })
  try {
    const result = await client.send(command, { abortSignal: AbortSignal.timeout(SES_CALL_TIMEOUT_MS) })
    const entries = result.BulkEmailEntryResults ?? []
    return {
      kind: 'answered',
      answer: Object.fromEntries(
        destinations.map((destination, index) => {
          const entry = entries[index]
          return [
            destination.contactId,
            entry?.Status
              ? {
                  status: entry.Status,
                  ...(entry.MessageId ? { messageId: entry.MessageId } : {}),
                  ...(entry.Error ? { error: entry.Error } : {}),
                }
              : { status: 'UNKNOWN' },
          ]
        }),
      ),
    }
  } catch (error) {
    const name = error instanceof Error ? error.name : ''
    const message = error instanceof Error ? error.message : String(error)
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
    if (THROTTLED.has(name))
      return { kind: 'throttled', answer: each(destinations, { status: 'ACCOUNT_THROTTLED' }) }
    if (name === 'LimitExceededException')
      return {
        kind: 'answered',
        answer: each(destinations, { status: 'ACCOUNT_DAILY_QUOTA_EXCEEDED', error: message }),
      }
    const code = ACCOUNT_ERRORS[name]
    if (code && status !== undefined && status < 500)
      return {
        kind: 'account',
        code,
        message,
        answer: each(destinations, { status: 'ACCOUNT_LEVEL', error: message, code }),
      }
    if (status !== undefined && status >= 400 && status < 500 && name !== 'TimeoutError')
      return {
        kind: 'answered',
        answer: each(destinations, { status: 'INVALID_PARAMETER', error: `${name}: ${message}` }),
      }
    return { kind: 'unknown', message, answer: each(destinations, { status: 'UNKNOWN', error: message }) }
  }
}
