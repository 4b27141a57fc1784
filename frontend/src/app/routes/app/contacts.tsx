import { contactQueries, topicQueries } from '../../../features/audience/api/audience'
import { ContactsPage } from '../../../features/audience/components/contacts-page'
import { filterQuery, viewFromSearch } from '../../../features/audience/contact-view'
import { OrganizationRoute, organizationLoader } from './organization-route'

/** The first page of the filtered list and the topics, while the page's code loads (when the plan has them). */
export const clientLoader = organizationLoader(
  (queryClient, organization, { url }) => {
    const view = viewFromSearch(url.searchParams)
    void queryClient.prefetchQuery(topicQueries.list(organization.id))
    void queryClient.prefetchQuery(contactQueries.page(organization.id, filterQuery(view), undefined))
  },
  { unlocks: 'audience' },
)

export function Component() {
  return (
    <OrganizationRoute
      title="Contacts"
      missing="Contacts belong to an organization: choose the one you are working in."
    >
      {(organization) => <ContactsPage key={organization.id} organization={organization} />}
    </OrganizationRoute>
  )
}
