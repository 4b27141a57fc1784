import { NewCampaignPage } from '../../../features/campaigns/components/campaign-page'
import { OrganizationRoute, organizationLoader } from './organization-route'

export const clientLoader = organizationLoader()

export function Component() {
  return (
    <OrganizationRoute
      title="Create campaign"
      missing="Campaigns belong to an organization: choose the one you are working in."
    >
      {(organization) => <NewCampaignPage key={organization.id} organization={organization} />}
    </OrganizationRoute>
  )
}
