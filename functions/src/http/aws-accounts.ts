import { awsAccountRoutes } from '@app/contracts/aws-accounts/routes'
import { AwsAccounts } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup(
  'aws-accounts',
  awsAccountRoutes,
  {
    listAwsAccounts: ({ context }) => AwsAccounts.listAwsAccounts(context),
    createAwsAccount: ({ context, body }) => AwsAccounts.createAwsAccount(context, body),
    updateAwsAccount: ({ context, params, body }) => AwsAccounts.updateAwsAccount(context, params.id, body),
    deleteAwsAccount: ({ context, params, log }) => AwsAccounts.deleteAwsAccount(context, params.id, log),
    getAwsAccountStatus: ({ context, params }) => AwsAccounts.getStatus(context, params.id),
    leaveSandbox: ({ context, params, body }) => AwsAccounts.leaveSandbox(context, params.id, body),
    getCustomerRoleTemplate: async () => AwsAccounts.roleTemplate(),
  },
  { owners: { awsAccount: AwsAccounts.organizationOfAwsAccount } },
)
