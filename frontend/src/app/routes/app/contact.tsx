import { planUnlocks } from '@app/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import { type LoaderFunctionArgs, useParams } from 'react-router-dom'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { contactQueries, topicQueries } from '../../../features/audience/api/audience'
import { ContactPage } from '../../../features/audience/components/contact-page'
import { NoOrganizationPage } from './no-organization'
import { requireAccount } from './require-account'

/** The contact and the topics, while the page's code loads (when the plan has them). */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    const organization = selectedOrganizationOf(await requireAccount(queryClient, request))
    if (organization && params.id && planUnlocks(organization.plan, 'audience')) {
      void queryClient.prefetchQuery(topicQueries.list(organization.id))
      void queryClient.prefetchQuery(contactQueries.detail(organization.id, params.id))
    }
    return null
  }

export function Component() {
  const { id = '' } = useParams()
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const organization = selectedOrganizationOf(account)
  if (!organization) {
    return (
      <NoOrganizationPage title="Contact">
        Contacts belong to an organization: choose the one this contact is in.
      </NoOrganizationPage>
    )
  }
  return <ContactPage key={`${organization.id}-${id}`} organization={organization} id={id} />
}
