import { templateQueries } from '../../../features/templates/api/templates'
import { viewFromSearch } from '../../../features/templates/list/list-view'
import { TemplateListPage } from '../../../features/templates/list/template-list-page'
import { OrganizationRoute, organizationLoader } from './organization-route'

/** The list's first page and the tags, while the page's code loads. */
export const clientLoader = organizationLoader((queryClient, organization, { url }) => {
  const view = viewFromSearch(url.searchParams)
  void queryClient.prefetchInfiniteQuery(templateQueries.list(organization.id, view)).catch(() => undefined)
  void queryClient.prefetchQuery(templateQueries.tags(organization.id))
})

export function Component() {
  return (
    <OrganizationRoute
      title="All templates"
      missing="Templates belong to an organization: choose the one you are working in."
    >
      {(organization) => <TemplateListPage key={organization.id} organization={organization} />}
    </OrganizationRoute>
  )
}
