import { EmailIdentities } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('email-identities', {
  listEmailIdentities: ({ actor, query }) => EmailIdentities.listIdentities(actor, query.awsAccountId),
  createEmailIdentity: ({ actor, body }) => EmailIdentities.createIdentity(actor, body),
  deleteEmailIdentity: ({ actor, params, query }) =>
    EmailIdentities.deleteIdentity(actor, query.awsAccountId, params.id),
})
