import { ComparePage } from '../../../features/campaigns/components/compare-page'
import { OrganizationRoute } from './organization-route'

export function Component() {
  return (
    <OrganizationRoute
      title="Compare campaigns"
      missing="Campaigns belong to an organization: choose the one you are working in."
    >
      {(organization) => <ComparePage key={organization.id} organization={organization} />}
    </OrganizationRoute>
  )
}
