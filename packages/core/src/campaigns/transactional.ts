import {
  contactData,
  type SendEmailBodySchema,
  type SendEmailResponse,
  type SendEmailResult,
} from '@app/contracts'
import type * as z from 'zod'
import { undeliverableAddresses } from '../audience/public'
import type { AwsConnectionRecord } from '../aws-accounts/public'
import { toCustomerAwsError } from '../aws-accounts/public'
import { AppError } from '../errors'
import type { OrganizationContext } from '../organizations/public'
import { getContent, getHead, type TemplateHead, templateIdByName } from '../templates/public'
import { assertSender, campaignConnection } from './references'
import { templateVariables } from './sending/public'
import { sendPaced, type TransactionalMessage } from './transactional-send'
import { awsAccountFor } from './v1'

type Body = z.output<typeof SendEmailBodySchema>

const templateNotFound = () => new AppError('template.not_found', 'No such template.')

async function templateOf(orgId: string, template: Body['template']): Promise<TemplateHead> {
  const id = 'id' in template ? template.id : await templateIdByName(orgId, template.name)
  const head = id ? await getHead(orgId, id) : undefined
  if (!head) throw templateNotFound()
  return head
}

/** How long a verified sender is trusted without asking SES again (SES lists identities at about 1 call/s). */
const SENDER_TRUST_MS = 60_000
const verifiedSenders = new Map<string, number>()

/** 409 `email_identity.not_verified` unless the account may send from the address (asked of SES once a minute). */
async function checkSender(connection: AwsConnectionRecord, fromEmail: string): Promise<void> {
  const key = `${connection.id}:${fromEmail}`
  if ((verifiedSenders.get(key) ?? 0) > Date.now()) return
  await assertSender(connection, fromEmail)
  verifiedSenders.set(key, Date.now() + SENDER_TRUST_MS)
}

/** A suppression's per-recipient refusal code and words. */
const REFUSALS = {
  BOUNCED: 'The address bounced: it is suppressed in the organization.',
  COMPLAINED: 'The recipient marked a message as spam: the address is suppressed in the organization.',
  SES_SUPPRESSION_LIST: 'The address is on the AWS account’s SES suppression list.',
  UNSUBSCRIBED: 'The recipient unsubscribed.',
} as const

/**
 * `POST /api/v1/emails`: the template's current version filled from `data` by the engine's rule (the contact-data
 * rule, the recipient's address as `email`; every variable the template reads must be given, else 400
 * `transactional.missing_variables` naming them, before anything is sent), to each recipient as its own message
 * through the named AWS account (or the organization's only one). Addresses suppressed for a bounce, a complaint or
 * the SES suppression list are refused in their own result; the others go paced by the account's limiter with the
 * campaigns, each with our message id header, the configuration set and `ses-studio: transactional` and
 * `template` tags, so SES's events put them in the account's message log. No List-Unsubscribe header.
 */
export async function sendTransactional(
  context: OrganizationContext,
  body: Body,
): Promise<SendEmailResponse> {
  const orgId = context.organizationId
  const head = await templateOf(orgId, body.template)
  const content = await getContent(orgId, head.id, head.version)
  if (!content) throw templateNotFound()
  const parts = { subject: head.subject, html: content.html, text: content.textPart }
  const attributes = Object.fromEntries(
    Object.entries(body.data).map(([name, value]) => [name, String(value)]),
  )
  const valuesFor = (email: string) => contactData({ email, attributes })
  const given = valuesFor(body.to[0] ?? '')
  const missing = templateVariables(parts).filter((name) => given[name] === undefined)
  if (missing.length > 0) {
    throw new AppError(
      'transactional.missing_variables',
      `The template reads ${missing.join(', ')}, which data does not give: add ${missing.length === 1 ? 'it' : 'them'} to data.`,
    )
  }
  const connection = await campaignConnection(orgId, await awsAccountFor(orgId, body.awsAccountId))
  await checkSender(connection, body.from.email)
  const refused = await undeliverableAddresses(orgId, body.to)
  const messages: TransactionalMessage[] = body.to
    .filter((to) => !refused.has(to))
    .map((to) => ({ to, values: valuesFor(to) }))
  let sent: Map<string, SendEmailResult>
  try {
    sent = await sendPaced(connection, messages, {
      templateId: head.id,
      parts,
      from: body.from,
      replyTo: body.replyTo,
    })
  } catch (error) {
    throw toCustomerAwsError(error, 'send the email')
  }
  const results = body.to.map((to): SendEmailResult => {
    const reason = refused.get(to)
    if (!reason)
      return (
        sent.get(to) ?? { to, status: 'failed', error: { code: 'aws.request_failed', message: 'Not sent.' } }
      )
    return {
      to,
      status: 'refused',
      error: { code: `contact.${reason.toLowerCase()}`, message: REFUSALS[reason] },
    }
  })
  return { awsAccountId: connection.id, templateId: head.id, templateVersion: head.version, results }
}
