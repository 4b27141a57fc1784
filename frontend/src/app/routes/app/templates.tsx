import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router-dom'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { templateQueries } from '../../../features/templates/api/templates'
import { viewFromSearch } from '../../../features/templates/list/list-view'
import { TemplateListPage } from '../../../features/templates/list/template-list-page'
import { NoOrganizationPage } from './no-organization'
import { requireAccount } from './require-account'

/** The list's first page and the tags, while the page's code loads. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const account = await requireAccount(queryClient, request)
    const organization = selectedOrganizationOf(account)
    if (organization) {
      const view = viewFromSearch(new URL(request.url).searchParams)
      void queryClient
        .prefetchInfiniteQuery(templateQueries.list(organization.id, view))
        .catch(() => undefined)
      void queryClient.prefetchQuery(templateQueries.tags(organization.id))
    }
    return null
  }

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const organization = selectedOrganizationOf(account)
  if (!organization) {
    return (
      <NoOrganizationPage title="All templates">
        Templates belong to an organization: choose the one you are working in.
      </NoOrganizationPage>
    )
  }
  return <TemplateListPage key={organization.id} organization={organization} />
}
