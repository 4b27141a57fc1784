import {
  type CampaignTestSendBodySchema,
  type CampaignTestSendResult,
  TEST_UNSUBSCRIBE_PATH,
} from '@app/contracts'
import { SendEmailCommand } from '@aws-sdk/client-sesv2'
import type * as z from 'zod'
import { type ContactRecord, getContact } from '../audience/public'
import { customerSes, toCustomerAwsError } from '../aws-accounts/public'
import { coreEnv } from '../env'
import { AppError } from '../errors'
import type { OrganizationContext } from '../organizations/public'
import { requireCampaign } from './campaigns'
import { currentContent, senderValues } from './checks'
import type { CampaignRecord } from './model'
import { readAudience } from './preflight'
import { campaignConnection } from './references'
import { templateVariables } from './sending/public'
import { escapeHtmlVariables, replacementData } from './sending/ses-template'
import { recipientValues } from './sending/variables'

/** `"Name" <address>`; a name outside ASCII as an RFC 2047 encoded word, as SES asks. */
export function fromAddress(fromEmail: string, fromName: string): string {
  if (!fromName) return fromEmail
  const name = /^[\x20-\x7e]*$/.test(fromName)
    ? `"${fromName.replace(/["\\]/g, (char) => `\\${char}`)}"`
    : `=?UTF-8?B?${Buffer.from(fromName, 'utf8').toString('base64')}?=`
  return `${name} <${fromEmail}>`
}

async function dataContact(record: CampaignRecord, contactId: string | undefined): Promise<ContactRecord> {
  if (contactId) {
    const contact = await getContact(record.orgId, contactId)
    if (!contact) throw new AppError('contact.not_found', 'No such contact.')
    return contact
  }
  const [first] = (await readAudience(record, 1)).contacts
  if (!first) {
    throw new AppError(
      'contact.not_found',
      'Nobody is subscribed to the campaign’s topics to take the data from.',
    )
  }
  return first
}

/**
 * Sends the campaign's message (the template's current version, subject marked "[Test]") to up to 5 addresses
 * through the campaign's AWS account, rendered by SES with a real contact's data exactly as the send will: the
 * HTML reads HTML-escaped values, the campaign's missing-variable choice applies. The unsubscribe link goes to the
 * page that says the email was a test (no contact, no signature), so a click on a test never unsubscribes anyone.
 */
export async function sendTest(
  { organizationId }: OrganizationContext,
  id: string,
  body: z.output<typeof CampaignTestSendBodySchema>,
): Promise<CampaignTestSendResult> {
  const record = await requireCampaign(organizationId, id)
  if (!record.sender || !record.templateId) {
    throw new AppError('campaigns.preflight_refused', 'Choose a sender and a template before sending a test.')
  }
  const content = await currentContent(record)
  if (!content) throw new AppError('template.not_found', 'No such template.')
  const connection = await campaignConnection(organizationId, record.awsAccountId)
  const contact = await dataContact(record, body.contactId)
  const values = recipientValues(contact, templateVariables(content), record.missingVariables, {
    ...(await senderValues(record)),
    unsubscribeUrl: `${coreEnv().appUrl}${TEST_UNSUBSCRIBE_PATH}`,
  })
  if ('missing' in values) {
    throw new AppError(
      'campaigns.preflight_refused',
      `${contact.email} lacks ${values.missing.join(', ')}, and the campaign skips such recipients: choose another contact or set default values.`,
    )
  }
  const { fromEmail, fromName, replyTo } = record.sender
  try {
    const ses = await customerSes(connection)
    const messages: CampaignTestSendResult['messages'] = []
    for (const to of body.addresses) {
      const sent = await ses.send(
        new SendEmailCommand({
          FromEmailAddress: fromAddress(fromEmail, fromName),
          ...(replyTo ? { ReplyToAddresses: [replyTo] } : {}),
          Destination: { ToAddresses: [to] },
          Content: {
            Template: {
              TemplateContent: {
                Subject: `[Test] ${content.subject}`,
                Html: escapeHtmlVariables(content.html),
                Text: content.text || undefined,
              },
              TemplateData: JSON.stringify(replacementData(values.values)),
            },
          },
          ConfigurationSetName: connection.monitoring?.configurationSetName,
          EmailTags: [
            { Name: 'ses-studio', Value: 'test' },
            { Name: 'campaign', Value: record.id },
          ],
        }),
      )
      messages.push({ to, messageId: sent.MessageId ?? '' })
    }
    return { contact: { id: contact.id, email: contact.email }, messages }
  } catch (error) {
    throw toCustomerAwsError(error, 'send the test email')
  }
}
