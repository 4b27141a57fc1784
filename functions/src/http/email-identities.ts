import { emailIdentityRoutes } from '@app/contracts/email-identities/routes'
import { AwsAccounts, EmailIdentities } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup(
  'email-identities',
  emailIdentityRoutes,
  {
    listEmailIdentities: ({ context, query }) => EmailIdentities.listIdentities(context, query.awsAccountId),
    createEmailIdentity: ({ context, body }) => EmailIdentities.createIdentity(context, body),
    deleteEmailIdentity: ({ context, params, query }) =>
      EmailIdentities.deleteIdentity(context, { awsAccountId: query.awsAccountId, identity: params.id }),
  },
  { owners: { awsAccount: AwsAccounts.organizationOfAwsAccount } },
)
