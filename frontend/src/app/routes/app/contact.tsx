import { useParams } from 'react-router-dom'
import { contactQueries, topicQueries } from '../../../features/audience/api/audience'
import { ContactPage } from '../../../features/audience/components/contact-page'
import { OrganizationRoute, organizationLoader } from './organization-route'

/** The contact and the topics, while the page's code loads (when the plan has them). */
export const clientLoader = organizationLoader(
  (queryClient, organization, { params }) => {
    if (!params.id) return
    void queryClient.prefetchQuery(topicQueries.list(organization.id))
    void queryClient.prefetchQuery(contactQueries.detail(organization.id, params.id))
  },
  { unlocks: 'audience' },
)

export function Component() {
  const { id = '' } = useParams()
  return (
    <OrganizationRoute
      title="Contact"
      missing="Contacts belong to an organization: choose the one this contact is in."
    >
      {(organization) => <ContactPage key={`${organization.id}-${id}`} organization={organization} id={id} />}
    </OrganizationRoute>
  )
}
