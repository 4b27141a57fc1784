import { planUnlocks } from '@app/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router-dom'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { blockQueries } from '../../../features/blocks/api/blocks'
import { typeFromSearch } from '../../../features/blocks/block-display'
import { BlockListPage } from '../../../features/blocks/components/block-list-page'
import { NoOrganizationPage } from './no-organization'
import { requireAccount } from './require-account'

/** The blocks, while the page's code loads (only when the plan has them: otherwise the API answers 403). */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const account = await requireAccount(queryClient, request)
    const organization = selectedOrganizationOf(account)
    if (organization && planUnlocks(organization.plan, 'reusableBlocks')) {
      const type = typeFromSearch(new URL(request.url).searchParams)
      void queryClient.prefetchQuery(blockQueries.list(organization.id, type))
    }
    return null
  }

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const organization = selectedOrganizationOf(account)
  if (!organization) {
    return (
      <NoOrganizationPage title="Reusable blocks">
        Blocks belong to an organization: choose the one you are working in.
      </NoOrganizationPage>
    )
  }
  return <BlockListPage key={organization.id} organization={organization} />
}
