import type { Account, AwsAccount } from '@app/contracts'
import type { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router-dom'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { awsAccountQueries } from '../../../features/aws-accounts/api/aws-accounts'
import { selectedAwsAccountOf } from '../../../features/aws-accounts/aws-account-display'
import { requireAccount } from './require-account'

/**
 * A loader for pages about the selected AWS account: reads the organization's connections, then lets the page
 * prefetch what it shows for the selected one once it is verified — all while the page's code loads.
 */
export function selectedAwsAccountLoader(
  prefetch: (queryClient: QueryClient, selected: AwsAccount, context: { account: Account; url: URL }) => void,
) {
  return (queryClient: QueryClient) =>
    async ({ request }: LoaderFunctionArgs) => {
      const account = await requireAccount(queryClient, request)
      const organization = selectedOrganizationOf(account)
      if (organization) {
        void queryClient
          .fetchQuery(awsAccountQueries.list(organization.id))
          .then((accounts) => {
            const selected = selectedAwsAccountOf(accounts, account.selectedAwsAccount)
            if (selected?.awsAccountVerified)
              prefetch(queryClient, selected, { account, url: new URL(request.url) })
          })
          .catch(() => undefined)
      }
      return null
    }
}
