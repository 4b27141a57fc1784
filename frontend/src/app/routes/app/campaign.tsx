import { planUnlocks } from '@app/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import { type LoaderFunctionArgs, useParams } from 'react-router-dom'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { campaignQueries } from '../../../features/campaigns/api/campaigns'
import { CampaignPage } from '../../../features/campaigns/components/campaign-page'
import { NoOrganizationPage } from './no-organization'
import { requireAccount } from './require-account'

/** The campaign, while the page's code loads (when the plan has campaigns). */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    const organization = selectedOrganizationOf(await requireAccount(queryClient, request))
    if (organization && params.id && planUnlocks(organization.plan, 'campaigns'))
      void queryClient.prefetchQuery(campaignQueries.detail(organization.id, params.id))
    return null
  }

export function Component() {
  const { id = '' } = useParams()
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const organization = selectedOrganizationOf(account)
  if (!organization) {
    return (
      <NoOrganizationPage title="Campaign">
        Campaigns belong to an organization: choose the one this campaign is in.
      </NoOrganizationPage>
    )
  }
  return <CampaignPage key={`${organization.id}-${id}`} organization={organization} id={id} />
}
