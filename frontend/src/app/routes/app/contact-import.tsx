import { topicQueries } from '../../../features/audience/api/audience'
import { ImportPage } from '../../../features/audience/import/import-page'
import { OrganizationRoute, organizationLoader } from './organization-route'

/** The topics the import can subscribe rows to, while the page's code loads. */
export const clientLoader = organizationLoader(
  (queryClient, organization) => void queryClient.prefetchQuery(topicQueries.list(organization.id)),
  { unlocks: 'audience' },
)

export function Component() {
  return (
    <OrganizationRoute
      title="Import contacts"
      missing="Contacts belong to an organization: choose the one you are working in."
    >
      {(organization) => <ImportPage key={organization.id} organization={organization} />}
    </OrganizationRoute>
  )
}
