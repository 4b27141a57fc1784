import { suppressionSyncRoutes } from '@app/contracts/audience/suppression-sync'
import { SuppressionSync } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('suppression', suppressionSyncRoutes, {
  getSuppressionSync: ({ context }) => SuppressionSync.suppressionSyncStatus(context),
  startSuppressionSync: ({ context, body }) =>
    SuppressionSync.startSuppressionSync(context, body.awsAccountId),
})
