import { randomBytes } from 'node:crypto'
import { AwsError } from '../protocol'
import type { SesAccountState } from '../state'
import { recordSend, sentWithin } from './account'
import { requireConfigurationSet } from './configuration-sets'
import { bareAddress, isSimulatorAddress, isVerified } from './identities'
import { type RenderingFailure, renderingFailure } from './rendering'
import { badRequest } from './ses-errors'
import { inlineTemplate } from './templates'
import { callUpstream } from './upstream'

type Json = Record<string, unknown>

const MAX_RECIPIENTS = 50
const MAX_BULK_ENTRIES = 50

export const rateExceeded = () =>
  new AwsError(429, 'TooManyRequestsException', 'Maximum sending rate exceeded.')
export const dailyQuotaExceeded = () =>
  new AwsError(400, 'LimitExceededException', 'Daily message quota exceeded.')

function notVerified(account: SesAccountState, identities: string[]): string {
  return `Email address is not verified. The following identities failed the check in region ${account.region.toUpperCase()}: ${identities.join(', ')}`
}

function destinationAddresses(destination: unknown): string[] {
  if (!destination || typeof destination !== 'object') return []
  const { ToAddresses, CcAddresses, BccAddresses } = destination as Record<string, unknown>
  return [ToAddresses, CcAddresses, BccAddresses].flatMap((list) =>
    Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [],
  )
}

/** A raw message's header (From, To, Cc), unfolded. */
function rawHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? ''
  const match = new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head)
  return match?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim()
}

const splitAddresses = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/** The sender and recipients of a SendEmail request (from the MIME headers for raw content without them). */
function envelope(input: Json): { from?: string; recipients: string[] } {
  const raw = (input.Content as Json | undefined)?.Raw as Json | undefined
  const rawText = typeof raw?.Data === 'string' ? Buffer.from(raw.Data, 'base64').toString('utf8') : undefined
  const from =
    typeof input.FromEmailAddress === 'string' && input.FromEmailAddress
      ? input.FromEmailAddress
      : rawText
        ? rawHeader(rawText, 'From')
        : undefined
  let recipients = destinationAddresses(input.Destination)
  if (recipients.length === 0 && rawText)
    recipients = [...splitAddresses(rawHeader(rawText, 'To')), ...splitAddresses(rawHeader(rawText, 'Cc'))]
  return { from, recipients }
}

/** What SES checks before it accepts a message from an account: sending state, identities, configuration set. */
function checkAccount(account: SesAccountState, input: Json, from: string | undefined): void {
  if (account.enforcementStatus === 'SHUTDOWN')
    throw new AwsError(
      400,
      'AccountSuspendedException',
      "The message can't be sent because the account's ability to send email has been permanently restricted.",
    )
  if (!account.sendingEnabled)
    throw new AwsError(
      400,
      'SendingPausedException',
      "The message can't be sent because the account's ability to send email is currently paused.",
    )
  if (from && !isVerified(account, from))
    throw new AwsError(400, 'MessageRejected', notVerified(account, [bareAddress(from)]))
  if (typeof input.ConfigurationSetName === 'string')
    requireConfigurationSet(account, input.ConfigurationSetName)
}

function unverifiedRecipients(account: SesAccountState, recipients: string[]): string[] {
  if (account.productionAccess) return []
  return recipients
    .filter((address) => !isSimulatorAddress(address) && !isVerified(account, address))
    .map(bareAddress)
}

/** Whether `count` more recipients fit MaxSendRate (per second) and Max24HourSend right now. */
function admit(account: SesAccountState, count: number, now: number, pending = 0): 'ok' | 'rate' | 'daily' {
  if (sentWithin(account, now) + pending + count > account.max24HourSend) return 'daily'
  const lastSecond = sentWithin(account, now, 1000) + pending
  if (lastSecond > 0 && lastSecond + count > account.maxSendRate) return 'rate'
  return 'ok'
}

export interface SendContext {
  account: SesAccountState
  upstreamUrl: string
  /** The platform's own account: its limits are reported, not enforced (every test worker shares it). */
  platform: boolean
  now: number
  /** Filled with the messages accepted and then dropped for a template attribute the data lacks. */
  renderingFailures?: Map<string, RenderingFailure>
}

/** The template a send names (before it is inlined), for the Rendering Failure event. */
function templateNameOf(template: Json | undefined): string | undefined {
  if (!template) return undefined
  if (typeof template.TemplateName === 'string') return template.TemplateName
  return typeof template.TemplateArn === 'string'
    ? /:template\/(.+)$/.exec(template.TemplateArn)?.[1]
    : undefined
}

const localMessageId = () => `ses-${randomBytes(8).toString('hex')}`

/** SendEmail: SES's checks for the account, then delivery to the local mailbox through aws-ses-v2-local. */
export async function sendEmail(
  { account, upstreamUrl, platform, now, renderingFailures }: SendContext,
  input: Json,
): Promise<Json> {
  const { from, recipients } = envelope(input)
  if (recipients.length > MAX_RECIPIENTS) throw badRequest(`Recipient count exceeds ${MAX_RECIPIENTS}.`)
  if (!platform) {
    checkAccount(account, input, from)
    const unverified = unverifiedRecipients(account, recipients)
    if (unverified.length) throw new AwsError(400, 'MessageRejected', notVerified(account, unverified))
    const admitted = admit(account, recipients.length, now)
    if (admitted === 'rate') throw rateExceeded()
    if (admitted === 'daily') throw dailyQuotaExceeded()
  }
  const template = (input.Content as Json | undefined)?.Template as Json | undefined
  const templateName = templateNameOf(template)
  inlineTemplate(account, template)
  const failure = template ? renderingFailure(template, templateName) : undefined
  if (failure) {
    // SES accepts the message, then drops it: no delivery, a Rendering Failure event.
    const MessageId = localMessageId()
    recordSend(account, recipients.length, now)
    renderingFailures?.set(MessageId, failure)
    return { MessageId }
  }
  const answer = await callUpstream(upstreamUrl, 'POST', '/v2/email/outbound-emails', input)
  recordSend(account, recipients.length, now)
  return answer
}

type EntryResult = { Status: string; Error?: string; MessageId?: string }

/**
 * SendBulkEmail: the whole call fails for the account's state and sender; each destination then gets its own
 * status (MESSAGE_REJECTED in the sandbox, ACCOUNT_THROTTLED, ACCOUNT_DAILY_QUOTA_EXCEEDED) and only the
 * accepted ones are delivered — except those whose data lacks an attribute the template prints, which SES
 * accepts (SUCCESS) and then drops with a Rendering Failure event.
 */
export async function sendBulkEmail(
  { account, upstreamUrl, platform, now, renderingFailures }: SendContext,
  input: Json,
): Promise<Json> {
  const entries = Array.isArray(input.BulkEmailEntries) ? (input.BulkEmailEntries as Json[]) : []
  if (entries.length === 0) throw badRequest('BulkEmailEntries must have at least one entry.')
  if (entries.length > MAX_BULK_ENTRIES)
    throw badRequest(`BulkEmailEntries must have at most ${MAX_BULK_ENTRIES} entries.`)
  const from = typeof input.FromEmailAddress === 'string' ? input.FromEmailAddress : undefined
  if (!platform) checkAccount(account, input, from)
  const template = (input.DefaultContent as Json | undefined)?.Template as Json | undefined
  const templateName = templateNameOf(template)
  inlineTemplate(account, template)

  const results: (EntryResult | undefined)[] = []
  const accepted: { index: number; entry: Json; count: number }[] = []
  let pending = 0
  entries.forEach((entry, index) => {
    const recipients = destinationAddresses(entry.Destination)
    if (!platform) {
      const unverified = unverifiedRecipients(account, recipients)
      if (unverified.length) {
        results[index] = { Status: 'MESSAGE_REJECTED', Error: notVerified(account, unverified) }
        return
      }
      const admitted = admit(account, recipients.length, now, pending)
      if (admitted !== 'ok') {
        results[index] =
          admitted === 'rate'
            ? { Status: 'ACCOUNT_THROTTLED', Error: 'Maximum sending rate exceeded.' }
            : { Status: 'ACCOUNT_DAILY_QUOTA_EXCEEDED', Error: 'Daily message quota exceeded.' }
        return
      }
    }
    const replacement = (entry.ReplacementEmailContent as Json | undefined)?.ReplacementTemplate as
      | Json
      | undefined
    const failure = template
      ? renderingFailure(template, templateName, replacement?.ReplacementTemplateData)
      : undefined
    if (failure) {
      // Accepted (counted against the quotas), then dropped by SES: no delivery, a Rendering Failure event.
      const MessageId = localMessageId()
      recordSend(account, recipients.length, now)
      renderingFailures?.set(MessageId, failure)
      results[index] = { Status: 'SUCCESS', MessageId }
      return
    }
    pending += recipients.length
    accepted.push({ index, entry, count: recipients.length })
  })

  if (accepted.length) {
    const answer = await callUpstream(upstreamUrl, 'POST', '/v2/email/outbound-bulk-emails', {
      ...input,
      BulkEmailEntries: accepted.map(({ entry }) => entry),
    })
    const upstreamResults = (answer.BulkEmailEntryResults ?? []) as EntryResult[]
    accepted.forEach(({ index, count }, position) => {
      const result = upstreamResults[position] ?? { Status: 'FAILED', Error: 'No result' }
      results[index] = result
      if (result.Status === 'SUCCESS') recordSend(account, count, now)
    })
  }
  return { BulkEmailEntryResults: results }
}
