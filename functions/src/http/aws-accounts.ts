import { AwsAccounts } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('aws-accounts', {
  listAwsAccounts: ({ actor, query }) => AwsAccounts.listAwsAccounts(actor, query.organizationId),
  createAwsAccount: ({ actor, query, body }) =>
    AwsAccounts.createAwsAccount(actor, query.organizationId, body),
  updateAwsAccount: ({ actor, params, body }) => AwsAccounts.updateAwsAccount(actor, params.id, body),
  deleteAwsAccount: ({ actor, params, log }) => AwsAccounts.deleteAwsAccount(actor, params.id, log),
  getAwsAccountStatus: ({ actor, params }) => AwsAccounts.getStatus(actor, params.id),
  leaveSandbox: ({ actor, params, body }) => AwsAccounts.leaveSandbox(actor, params.id, body),
  getCustomerRoleTemplate: async () => AwsAccounts.roleTemplate(),
})
