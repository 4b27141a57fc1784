import { type EngineValues, TEST_UNSUBSCRIBE_PATH, type TemplateTestBodySchema } from '@app/contracts'
import { type EmailContent, ListEmailIdentitiesCommand, SendEmailCommand } from '@aws-sdk/client-sesv2'
import type * as z from 'zod'
import type { AccountRecord } from '../accounts/public'
import * as AwsAccounts from '../aws-accounts/public'
import { assertVerified, customerSes, toCustomerAwsError } from '../aws-accounts/public'
import { coreEnv } from '../env'
import { AppError } from '../errors'
import type { OrganizationContext } from '../organizations/public'
import { getOrganization } from '../organizations/public'
import { compileForSend } from './build'
import { loadEmail } from './email'

export interface Senders {
  /** Verified email addresses, lower-case, in SES's order. */
  emails: string[]
  /** Verified domains, lower-case: any address at them (or at a subdomain) may send. */
  domains: string[]
}

/** The identities SES will send from: verified and not disabled. */
export async function verifiedSenders(ses: Awaited<ReturnType<typeof customerSes>>): Promise<Senders> {
  const senders: Senders = { emails: [], domains: [] }
  let NextToken: string | undefined
  do {
    const page = await ses.send(new ListEmailIdentitiesCommand({ PageSize: 1000, NextToken }))
    for (const identity of page.EmailIdentities ?? []) {
      if (identity.VerificationStatus !== 'SUCCESS' || identity.SendingEnabled === false) continue
      const name = identity.IdentityName?.toLowerCase()
      if (!name) continue
      if (identity.IdentityType === 'DOMAIN') senders.domains.push(name)
      else senders.emails.push(name)
    }
    NextToken = page.NextToken
  } while (NextToken)
  return senders
}

/**
 * The chosen From when the AWS account may send from it (a verified address, or an address at a verified
 * domain or one of its subdomains, as SES allows); without a choice, the first verified address (or an address
 * at the first verified domain).
 */
export function senderFor(senders: Senders, chosen: string | undefined): string {
  if (chosen) {
    const address = chosen.toLowerCase()
    const domain = address.slice(address.lastIndexOf('@') + 1)
    const atVerifiedDomain = senders.domains.some(
      (verified) => domain === verified || domain.endsWith(`.${verified}`),
    )
    if (senders.emails.includes(address) || atVerifiedDomain) return chosen
    throw new AppError(
      'email_identity.not_verified',
      `${chosen} is not a verified identity of this AWS account: send from a verified address, or from an address at a verified domain.`,
    )
  }
  const [email] = senders.emails
  if (email) return email
  const [domain] = senders.domains
  if (domain) return `test@${domain}`
  throw new AppError(
    'aws.rejected',
    'This AWS account has no verified email identity to send from; add and verify one under Email identities.',
  )
}

/** SES tag values: letters, digits, `_ - . @`, at most 256 characters. */
const tagValue = (text: string) => text.replace(/[^\w.@-]/g, '_').slice(0, 256)

/**
 * Plain content, or an inline template SES renders with the sample data and what a campaign fills in itself (as
 * the editor's preview shows them: the unsubscribe link opens the page that says the email was a test).
 */
function testContent(
  body: z.output<typeof TemplateTestBodySchema>,
  parts: { html?: string; text?: string },
  engine: EngineValues,
): EmailContent {
  if (body.sampleData) {
    return {
      Template: {
        TemplateContent: { Subject: body.subject, Html: parts.html, Text: parts.text },
        TemplateData: JSON.stringify({ ...body.sampleData, ...engine }),
      },
    }
  }
  const data = (value: string | undefined) =>
    value === undefined ? undefined : { Data: value, Charset: 'UTF-8' }
  return {
    Simple: {
      Subject: { Data: body.subject, Charset: 'UTF-8' },
      Body: { Html: data(parts.html), Text: data(parts.text) },
    },
  }
}

/**
 * Sends content as a test email through the organization's own SES (spec §3 test payload); costs no action.
 * MJML (the editor's current content) is compiled first, as a save would.
 */
export async function sendTest(
  { organizationId: orgId }: OrganizationContext,
  { body, account }: { body: z.output<typeof TemplateTestBodySchema>; account?: AccountRecord },
) {
  const connections = await AwsAccounts.listConnections(orgId)
  const awsAccountId =
    body.awsAccountId ??
    connections.find((connection) => connection.id === account?.selectedAwsAccount)?.id ??
    connections[0]?.id
  if (!awsAccountId) {
    throw new AppError('aws_account.not_selected', 'Connect an AWS account before sending a test email.')
  }
  const found = connections.find((connection) => connection.id === awsAccountId)
  if (!found) throw new AppError('aws_account.not_found', 'No such AWS account.')
  const connection = assertVerified(found)
  const parts =
    body.contentType === 'TEXT'
      ? { text: body.content }
      : await compileForSend(orgId, body.contentType, body.content, body.text)
  const { enginePreviewValues } = await loadEmail()
  const engine = {
    ...enginePreviewValues({
      origin: coreEnv().appUrl,
      organizationName: (await getOrganization(orgId))?.name,
    }),
    unsubscribeUrl: `${coreEnv().appUrl}${TEST_UNSUBSCRIBE_PATH}`,
  }
  try {
    const ses = await customerSes(connection)
    const from = senderFor(await verifiedSenders(ses), body.from)
    const sent = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [body.email] },
        Content: testContent(body, parts, engine),
        // With monitoring on, the test shows in the logs like any send.
        ConfigurationSetName: connection.monitoring?.configurationSetName,
        EmailTags: [
          { Name: 'ses-studio', Value: 'test' },
          ...(body.name ? [{ Name: 'template', Value: tagValue(body.name) }] : []),
        ],
      }),
    )
    return { messageId: sent.MessageId ?? '', from, to: body.email }
  } catch (error) {
    throw toCustomerAwsError(error, 'send the test email')
  }
}
