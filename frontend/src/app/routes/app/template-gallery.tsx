import { StarterGallery } from '../../../features/templates/gallery/starter-gallery'
import { OrganizationRoute } from './organization-route'

export function Component() {
  return (
    <OrganizationRoute
      title="New template"
      missing="Templates belong to an organization: choose the one you are working in."
    >
      {(organization) => <StarterGallery key={organization.id} organization={organization} />}
    </OrganizationRoute>
  )
}
