import { suppressionSyncRoutes } from '@app/contracts/audience/suppression-sync'
import { SuppressionSync } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('suppression', suppressionSyncRoutes, {
  getSuppressionSync: ({ context, query }) => SuppressionSync.suppressionSyncStatus(context, query),
  startSuppressionSync: ({ context, body }) =>
    SuppressionSync.startSuppressionSync(context, body.awsAccountId),
})
