import { planUnlocks } from '@app/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router-dom'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { campaignQueries } from '../../../features/campaigns/api/campaigns'
import { CampaignsPage, listView } from '../../../features/campaigns/components/campaigns-page'
import { NoOrganizationPage } from './no-organization'
import { requireAccount } from './require-account'

/** The page of the list the address asks for, while the page's code loads (when the plan has campaigns). */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const organization = selectedOrganizationOf(await requireAccount(queryClient, request))
    if (organization && planUnlocks(organization.plan, 'campaigns')) {
      const view = listView(new URL(request.url).searchParams)
      void queryClient.prefetchQuery(
        campaignQueries.list(organization.id, {
          page: view.page,
          ...(view.q ? { q: view.q } : {}),
          ...(view.status ? { status: view.status } : {}),
        }),
      )
    }
    return null
  }

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const organization = selectedOrganizationOf(account)
  if (!organization) {
    return (
      <NoOrganizationPage title="All campaigns">
        Campaigns belong to an organization: choose the one you are working in.
      </NoOrganizationPage>
    )
  }
  return <CampaignsPage key={organization.id} organization={organization} />
}
