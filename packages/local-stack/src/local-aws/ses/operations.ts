/**
 * SES v2 operations by method and path (the REST shape the SDK's SESv2Client calls), so the gateway can name
 * every call it receives. Grow this list as the gateway learns operations.
 */
const OPERATIONS: [method: string, path: string, name: string][] = [
  ['GET', '/v2/email/account', 'GetAccount'],
  ['POST', '/v2/email/account/details', 'PutAccountDetails'],
  ['PUT', '/v2/email/account/sending', 'PutAccountSendingAttributes'],
  ['PUT', '/v2/email/account/suppression', 'PutAccountSuppressionAttributes'],
  ['POST', '/v2/email/outbound-emails', 'SendEmail'],
  ['POST', '/v2/email/outbound-bulk-emails', 'SendBulkEmail'],
  ['POST', '/v2/email/templates', 'CreateEmailTemplate'],
  ['GET', '/v2/email/templates', 'ListEmailTemplates'],
  ['GET', '/v2/email/templates/{TemplateName}', 'GetEmailTemplate'],
  ['PUT', '/v2/email/templates/{TemplateName}', 'UpdateEmailTemplate'],
  ['DELETE', '/v2/email/templates/{TemplateName}', 'DeleteEmailTemplate'],
  ['POST', '/v2/email/templates/{TemplateName}/render', 'TestRenderEmailTemplate'],
  ['POST', '/v2/email/identities', 'CreateEmailIdentity'],
  // Current SDKs list with POST and a body; older ones with GET and a query.
  ['POST', '/v2/email/list-identities', 'ListEmailIdentities'],
  ['GET', '/v2/email/identities', 'ListEmailIdentities'],
  ['GET', '/v2/email/identities/{EmailIdentity}', 'GetEmailIdentity'],
  ['DELETE', '/v2/email/identities/{EmailIdentity}', 'DeleteEmailIdentity'],
  ['PUT', '/v2/email/identities/{EmailIdentity}/dkim', 'PutEmailIdentityDkimAttributes'],
  ['PUT', '/v2/email/identities/{EmailIdentity}/feedback', 'PutEmailIdentityFeedbackAttributes'],
  ['PUT', '/v2/email/identities/{EmailIdentity}/mail-from', 'PutEmailIdentityMailFromAttributes'],
  [
    'PUT',
    '/v2/email/identities/{EmailIdentity}/configuration-set',
    'PutEmailIdentityConfigurationSetAttributes',
  ],
  ['POST', '/v2/email/configuration-sets', 'CreateConfigurationSet'],
  ['POST', '/v2/email/list-configuration-sets', 'ListConfigurationSets'],
  ['GET', '/v2/email/configuration-sets', 'ListConfigurationSets'],
  ['GET', '/v2/email/configuration-sets/{ConfigurationSetName}', 'GetConfigurationSet'],
  ['DELETE', '/v2/email/configuration-sets/{ConfigurationSetName}', 'DeleteConfigurationSet'],
  [
    'POST',
    '/v2/email/configuration-sets/{ConfigurationSetName}/event-destinations',
    'CreateConfigurationSetEventDestination',
  ],
  [
    'GET',
    '/v2/email/configuration-sets/{ConfigurationSetName}/event-destinations',
    'GetConfigurationSetEventDestinations',
  ],
  [
    'PUT',
    '/v2/email/configuration-sets/{ConfigurationSetName}/event-destinations/{EventDestinationName}',
    'UpdateConfigurationSetEventDestination',
  ],
  [
    'DELETE',
    '/v2/email/configuration-sets/{ConfigurationSetName}/event-destinations/{EventDestinationName}',
    'DeleteConfigurationSetEventDestination',
  ],
  ['PUT', '/v2/email/suppression/addresses', 'PutSuppressedDestination'],
  ['GET', '/v2/email/suppression/addresses', 'ListSuppressedDestinations'],
  ['GET', '/v2/email/suppression/addresses/{EmailAddress}', 'GetSuppressedDestination'],
  ['DELETE', '/v2/email/suppression/addresses/{EmailAddress}', 'DeleteSuppressedDestination'],
  ['POST', '/v2/email/contact-lists', 'CreateContactList'],
  ['GET', '/v2/email/contact-lists', 'ListContactLists'],
  ['GET', '/v2/email/contact-lists/{ContactListName}', 'GetContactList'],
  ['PUT', '/v2/email/contact-lists/{ContactListName}', 'UpdateContactList'],
  ['DELETE', '/v2/email/contact-lists/{ContactListName}', 'DeleteContactList'],
  ['POST', '/v2/email/contact-lists/{ContactListName}/contacts', 'CreateContact'],
  ['POST', '/v2/email/contact-lists/{ContactListName}/contacts/list', 'ListContacts'],
  ['GET', '/v2/email/contact-lists/{ContactListName}/contacts/{EmailAddress}', 'GetContact'],
  ['PUT', '/v2/email/contact-lists/{ContactListName}/contacts/{EmailAddress}', 'UpdateContact'],
  ['DELETE', '/v2/email/contact-lists/{ContactListName}/contacts/{EmailAddress}', 'DeleteContact'],
  ['POST', '/v2/email/tags', 'TagResource'],
  ['DELETE', '/v2/email/tags', 'UntagResource'],
  ['GET', '/v2/email/tags', 'ListTagsForResource'],
]

export interface MatchedOperation {
  name: string
  params: Record<string, string>
}

const compiled = OPERATIONS.map(([method, path, name]) => {
  const names: string[] = []
  const pattern = path.replace(/\{(\w+)\}/g, (_, param: string) => {
    names.push(param)
    return '([^/]+)'
  })
  return { method, name, names, regex: new RegExp(`^${pattern}$`) }
})

export function matchOperation(method: string, path: string): MatchedOperation | undefined {
  for (const operation of compiled) {
    if (operation.method !== method) continue
    const match = operation.regex.exec(path)
    if (!match) continue
    const params = Object.fromEntries(
      operation.names.map((param, index) => [param, decodeURIComponent(match[index + 1] ?? '')]),
    )
    return { name: operation.name, params }
  }
  return undefined
}
