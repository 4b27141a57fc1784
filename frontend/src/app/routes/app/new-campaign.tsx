import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router-dom'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { NewCampaignPage } from '../../../features/campaigns/components/campaign-page'
import { NoOrganizationPage } from './no-organization'
import { requireAccount } from './require-account'

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireAccount(queryClient, request)
    return null
  }

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const organization = selectedOrganizationOf(account)
  if (!organization) {
    return (
      <NoOrganizationPage title="Create campaign">
        Campaigns belong to an organization: choose the one you are working in.
      </NoOrganizationPage>
    )
  }
  return <NewCampaignPage key={organization.id} organization={organization} />
}
