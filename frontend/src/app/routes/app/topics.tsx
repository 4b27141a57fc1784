import { topicQueries } from '../../../features/audience/api/audience'
import { TopicsPage } from '../../../features/audience/components/topics-page'
import { OrganizationRoute, organizationLoader } from './organization-route'

/** The topics, while the page's code loads (only when the plan has them: otherwise the API answers 403). */
export const clientLoader = organizationLoader(
  (queryClient, organization) => void queryClient.prefetchQuery(topicQueries.list(organization.id)),
  { unlocks: 'audience' },
)

export function Component() {
  return (
    <OrganizationRoute
      title="Topics"
      missing="Topics belong to an organization: choose the one you are working in."
    >
      {(organization) => <TopicsPage key={organization.id} organization={organization} />}
    </OrganizationRoute>
  )
}
