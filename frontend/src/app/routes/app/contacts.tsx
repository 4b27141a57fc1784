import { planUnlocks } from '@app/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router-dom'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { contactQueries, topicQueries } from '../../../features/audience/api/audience'
import { ContactsPage } from '../../../features/audience/components/contacts-page'
import { filterQuery, viewFromSearch } from '../../../features/audience/contact-view'
import { NoOrganizationPage } from './no-organization'
import { requireAccount } from './require-account'

/** The first page of the filtered list and the topics, while the page's code loads (when the plan has them). */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const organization = selectedOrganizationOf(await requireAccount(queryClient, request))
    if (organization && planUnlocks(organization.plan, 'audience')) {
      const view = viewFromSearch(new URL(request.url).searchParams)
      void queryClient.prefetchQuery(topicQueries.list(organization.id))
      void queryClient.prefetchQuery(contactQueries.page(organization.id, filterQuery(view), undefined))
    }
    return null
  }

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const organization = selectedOrganizationOf(account)
  if (!organization) {
    return (
      <NoOrganizationPage title="Contacts">
        Contacts belong to an organization: choose the one you are working in.
      </NoOrganizationPage>
    )
  }
  return <ContactsPage key={organization.id} organization={organization} />
}
