import { blockQueries } from '../../../features/blocks/api/blocks'
import { typeFromSearch } from '../../../features/blocks/block-display'
import { BlockListPage } from '../../../features/blocks/components/block-list-page'
import { OrganizationRoute, organizationLoader } from './organization-route'

/** The blocks, while the page's code loads (only when the plan has them: otherwise the API answers 403). */
export const clientLoader = organizationLoader(
  (queryClient, organization, { url }) =>
    void queryClient.prefetchQuery(blockQueries.list(organization.id, typeFromSearch(url.searchParams))),
  { unlocks: 'reusableBlocks' },
)

export function Component() {
  return (
    <OrganizationRoute
      title="Reusable blocks"
      missing="Blocks belong to an organization: choose the one you are working in."
    >
      {(organization) => <BlockListPage key={organization.id} organization={organization} />}
    </OrganizationRoute>
  )
}
