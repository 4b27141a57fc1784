import { on } from '../events/dispatch'
import { enqueuePurge, purgeOrganization } from './purge'

/**
 * What purge removes when other domains report a deletion. Registered after every other domain's subscribers
 * (see `event-subscribers.ts`), so they still find what they need (connections, their credentials) first.
 */
export const purgeSubscribers = [
  on('organization.deleted', 'purge.organization', async (event) => {
    if (event.organizationId) await purgeOrganization(event.organizationId)
  }),
  on('aws_account.deleted', 'purge.aws_account', async (event) => {
    if (!event.organizationId) return
    const { awsAccountId, awsAccountNumber, region } = event.payload
    await enqueuePurge({
      kind: 'awsAccount',
      orgId: event.organizationId,
      awsAccountId,
      ...(awsAccountNumber ? { awsAccountNumber, region } : {}),
    })
  }),
]
