import { planUnlocks } from '@app/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router-dom'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { topicQueries } from '../../../features/audience/api/audience'
import { TopicsPage } from '../../../features/audience/components/topics-page'
import { NoOrganizationPage } from './no-organization'
import { requireAccount } from './require-account'

/** The topics, while the page's code loads (only when the plan has them: otherwise the API answers 403). */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const organization = selectedOrganizationOf(await requireAccount(queryClient, request))
    if (organization && planUnlocks(organization.plan, 'audience'))
      void queryClient.prefetchQuery(topicQueries.list(organization.id))
    return null
  }

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const organization = selectedOrganizationOf(account)
  if (!organization) {
    return (
      <NoOrganizationPage title="Topics">
        Topics belong to an organization: choose the one you are working in.
      </NoOrganizationPage>
    )
  }
  return <TopicsPage key={organization.id} organization={organization} />
}
