import type { Account, AwsAccount } from '@app/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { awsAccountQueries } from '../../../features/aws-accounts/api/aws-accounts'
import { selectedAwsAccountOf } from '../../../features/aws-accounts/aws-account-display'
import { organizationLoader } from './organization-route'

/**
 * A loader for pages about the selected AWS account: reads the organization's connections, then lets the page
 * prefetch what it shows for the selected one once it is verified — all while the page's code loads.
 */
export function selectedAwsAccountLoader(
  prefetch: (queryClient: QueryClient, selected: AwsAccount, context: { account: Account; url: URL }) => void,
) {
  return organizationLoader((queryClient, organization, { account, url }) => {
    void queryClient
      .fetchQuery(awsAccountQueries.list(organization.id))
      .then((accounts) => {
        const selected = selectedAwsAccountOf(accounts, account.selectedAwsAccount)
        if (selected?.awsAccountVerified) prefetch(queryClient, selected, { account, url })
      })
      .catch(() => undefined)
  })
}
