import {
  AlreadyExistsException,
  CreateEmailTemplateCommand,
  DeleteEmailTemplateCommand,
  NotFoundException,
  UpdateEmailTemplateCommand,
} from '@aws-sdk/client-sesv2'
import type { AwsConnectionRecord } from '../../aws-accounts/public'
import { customerSesSingleAttempt } from '../../aws-accounts/public'
import { holdSlots, takeSlot } from '../../jobs/public'
import { retry } from '../../platform/retry'

/**
 * SES inserts replacement data as given (no HTML escaping): a first name `<a href=…>` from an import would become
 * markup. The campaign-owned SES template's HTML part therefore reads every top-level variable from an escaped
 * copy of the data under `ESCAPED` (`{{firstName}}` → `{{sesStudioHtml.firstName}}`), while subject and text
 * read the raw values. Inside `{{#each}}`/`{{#with}}` (a changed context: not contact data, which is flat) and in
 * block conditions (`{{#if firstName}}`: truthiness is the same) nothing is rewritten.
 */
export const ESCAPED = 'sesStudioHtml'

const TAG = /\{\{(~?)(\{?)\s*([^}]*?)\s*(\}?)(~?)\}\}/g
const SIMPLE_PATH = /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*$/
const CONTEXT_HELPERS = new Set(['each', 'with'])

/** The HTML part with its top-level variables read from the escaped copy. */
export function escapeHtmlVariables(html: string): string {
  const open: string[] = []
  return html.replace(
    TAG,
    (whole, left: string, triple: string, body: string, close: string, right: string) => {
      const first = body[0]
      if (first === '#' || first === '^') {
        open.push(body.slice(1).trim().split(/\s+/)[0] ?? '')
        return whole
      }
      if (first === '/') {
        open.pop()
        return whole
      }
      if (first === '!' || first === '>' || body === 'else' || body.startsWith('else ')) return whole
      if (open.some((helper) => CONTEXT_HELPERS.has(helper))) return whole
      if (!SIMPLE_PATH.test(body) || body === 'this') return whole
      return `{{${left}${triple}${ESCAPED}.${body}${close}${right}}}`
    },
  )
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
  '=': '&#61;',
}

export const escapeHtml = (value: string) => value.replace(/[&<>"'`=]/g, (char) => ESCAPES[char] ?? char)

/** Replacement data for one recipient: the raw values, and their escaped copy for the HTML part. */
export function replacementData(values: Record<string, string>): Record<string, unknown> {
  const escaped = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, escapeHtml(value)]))
  return { ...values, [ESCAPED]: escaped }
}

/** SES template names: letters, digits, `_` and `-`, ≤ 64. */
export const campaignTemplateName = (campaignId: string) => `ses-studio-campaign-${campaignId}`

const pace = (connection: AwsConnectionRecord) => ({
  account: connection.awsAccountNumber ?? connection.id,
  region: connection.region,
})

const THROTTLED = new Set(['TooManyRequestsException', 'ThrottlingException', 'Throttling'])
const MAX_THROTTLED_ATTEMPTS = 6

/**
 * One SES control-plane call in the account's next slot (about 1/s, shared with every other caller). A throttle
 * (the call did not happen: another tool on the account, or a slot taken elsewhere) holds the account's callers
 * back for a growing, jittered pause and the call goes again.
 */
async function controlCall<T>(connection: AwsConnectionRecord, call: () => Promise<T>): Promise<T> {
  return retry(
    async () => {
      await takeSlot(pace(connection), 1)
      return call()
    },
    {
      attempts: MAX_THROTTLED_ATTEMPTS,
      baseMs: 1000,
      maxMs: Number.POSITIVE_INFINITY,
      jitter: 'equal',
      retryable: (error) => THROTTLED.has(error instanceof Error ? error.name : ''),
      wait: (pause) => holdSlots(pace(connection), Date.now() + pause),
    },
  )
}

/** Publishes the pinned version as the campaign's own SES template (created, or updated by a repeated start). */
export async function publishCampaignTemplate(
  connection: AwsConnectionRecord,
  name: string,
  content: { subject: string; html: string; text: string },
): Promise<void> {
  const client = await customerSesSingleAttempt(connection)
  const TemplateContent = {
    Subject: content.subject,
    Html: escapeHtmlVariables(content.html),
    Text: content.text,
  }
  try {
    await controlCall(connection, () =>
      client.send(new CreateEmailTemplateCommand({ TemplateName: name, TemplateContent })),
    )
  } catch (error) {
    if (!(error instanceof AlreadyExistsException)) throw error
    await controlCall(connection, () =>
      client.send(new UpdateEmailTemplateCommand({ TemplateName: name, TemplateContent })),
    )
  }
}

/** Removes the campaign's own SES template when the campaign ends (gone already is fine). */
export async function deleteCampaignTemplate(connection: AwsConnectionRecord, name: string): Promise<void> {
  const client = await customerSesSingleAttempt(connection)
  try {
    await controlCall(connection, () => client.send(new DeleteEmailTemplateCommand({ TemplateName: name })))
  } catch (error) {
    if (!(error instanceof NotFoundException)) throw error
  }
}
