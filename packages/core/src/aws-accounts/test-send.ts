import { type TemplateTestBody, TemplateTestBodySchema } from '@app/contracts'
import { type EmailContent, ListEmailIdentitiesCommand, SendEmailCommand } from '@aws-sdk/client-sesv2'
import { getAccountWithMemberships } from '../accounts/accounts.repo'
import type { Actor } from '../actor'
import { AppError } from '../errors'
import { requireMembership } from '../organizations/organizations'
import { compileForSend } from '../templates/build'
import { requireVerifiedConnection } from './aws-accounts'
import * as Repo from './aws-accounts.repo'
import { toCustomerAwsError } from './aws-errors'
import { customerSes } from './customer-clients'

/** The first verified email identity (or an address at the first verified domain) to send from. */
async function defaultSender(ses: Awaited<ReturnType<typeof customerSes>>): Promise<string> {
  const page = await ses.send(new ListEmailIdentitiesCommand({ PageSize: 1000 }))
  const verified = (page.EmailIdentities ?? []).filter(
    (identity) => identity.VerificationStatus === 'SUCCESS' && identity.SendingEnabled !== false,
  )
  const email = verified.find((identity) => identity.IdentityType === 'EMAIL_ADDRESS')?.IdentityName
  if (email) return email
  const domain = verified.find((identity) => identity.IdentityType === 'DOMAIN')?.IdentityName
  if (domain) return `test@${domain}`
  throw new AppError(
    'aws.rejected',
    'This AWS account has no verified email identity to send from; add and verify one under Email identities.',
  )
}

/** SES tag values: letters, digits, `_ - . @`, at most 256 characters. */
const tagValue = (text: string) => text.replace(/[^\w.@-]/g, '_').slice(0, 256)

/** Plain content, or an inline template SES renders with the sample data. */
function testContent(
  body: ReturnType<typeof TemplateTestBodySchema.parse>,
  parts: { html?: string; text?: string },
): EmailContent {
  if (body.sampleData) {
    return {
      Template: {
        TemplateContent: { Subject: body.subject, Html: parts.html, Text: parts.text },
        TemplateData: JSON.stringify(body.sampleData),
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
export async function sendTest(actor: Actor, input: TemplateTestBody) {
  const body = TemplateTestBodySchema.parse(input)
  const found = await getAccountWithMemberships(actor.accountId)
  const orgId = body.organizationId ?? found?.account.selectedOrganization ?? found?.memberships[0]?.orgId
  if (!orgId) throw new AppError('organization.not_found', 'No organization to send from.')
  await requireMembership(actor, orgId, 'content.write')
  const connections = await Repo.listConnections(orgId)
  const awsAccountId =
    body.awsAccountId ??
    connections.find((connection) => connection.id === found?.account.selectedAwsAccount)?.id ??
    connections[0]?.id
  if (!awsAccountId) {
    throw new AppError('aws_account.not_selected', 'Connect an AWS account before sending a test email.')
  }
  if (!connections.some((connection) => connection.id === awsAccountId)) {
    throw new AppError('aws_account.not_found', 'No such AWS account.')
  }
  const connection = await requireVerifiedConnection(actor, awsAccountId)
  const parts =
    body.contentType === 'TEXT'
      ? { text: body.content }
      : await compileForSend(orgId, body.contentType, body.content, body.text)
  try {
    const ses = await customerSes(connection)
    const from = body.from ?? (await defaultSender(ses))
    const sent = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [body.email] },
        Content: testContent(body, parts),
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
