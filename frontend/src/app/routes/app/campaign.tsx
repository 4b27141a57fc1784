import { useParams } from 'react-router-dom'
import { campaignQueries } from '../../../features/campaigns/api/campaigns'
import { CampaignPage } from '../../../features/campaigns/components/campaign-page'
import { OrganizationRoute, organizationLoader } from './organization-route'

/** The campaign, while the page's code loads (when the plan has campaigns). */
export const clientLoader = organizationLoader(
  (queryClient, organization, { params }) => {
    if (params.id) void queryClient.prefetchQuery(campaignQueries.detail(organization.id, params.id))
  },
  { unlocks: 'campaigns' },
)

export function Component() {
  const { id = '' } = useParams()
  return (
    <OrganizationRoute
      title="Campaign"
      missing="Campaigns belong to an organization: choose the one this campaign is in."
    >
      {(organization) => (
        <CampaignPage key={`${organization.id}-${id}`} organization={organization} id={id} />
      )}
    </OrganizationRoute>
  )
}
