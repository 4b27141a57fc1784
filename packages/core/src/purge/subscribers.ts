import { on } from '../events/dispatch'
import { enqueuePurge, purgeOrganization } from './purge'

/**
 * An organization's purge, once SES monitoring has left its AWS accounts (it reads their connections, which the
 * purge removes): it runs `after` that subscriber, in its queue (see `event-subscribers.ts`).
 */
export const purgeOrganizationSubscribers = [
  on(
    'organization.deleted',
    'purge.organization',
    async (event) => {
      if (event.organizationId) await purgeOrganization(event.organizationId)
    },
    { after: ['ses_monitoring.remove_from_accounts'] },
  ),
]

/** What a deleted AWS connection left (logs, counts, publication records), handed to the purge queue. */
export const purgeAwsAccountSubscribers = [
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
