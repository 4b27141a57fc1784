import { campaignQueries } from '../../../features/campaigns/api/campaigns'
import { CampaignsPage, listFilters, listView } from '../../../features/campaigns/components/campaigns-page'
import { OrganizationRoute, organizationLoader } from './organization-route'

/** The first page of the list the address asks for, while the page's code loads (when the plan has campaigns). */
export const clientLoader = organizationLoader(
  (queryClient, organization, { url }) => {
    const view = listView(url.searchParams)
    void queryClient.prefetchQuery(campaignQueries.list(organization.id, listFilters(view)))
  },
  { unlocks: 'campaigns' },
)

export function Component() {
  return (
    <OrganizationRoute
      title="All campaigns"
      missing="Campaigns belong to an organization: choose the one you are working in."
    >
      {(organization) => <CampaignsPage key={organization.id} organization={organization} />}
    </OrganizationRoute>
  )
}
