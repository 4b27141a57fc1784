import { useSuspenseQuery } from '@tanstack/react-query'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { ComparePage } from '../../../features/campaigns/components/compare-page'
import { NoOrganizationPage } from './no-organization'

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const organization = selectedOrganizationOf(account)
  if (!organization) {
    return (
      <NoOrganizationPage title="Compare campaigns">
        Campaigns belong to an organization: choose the one you are working in.
      </NoOrganizationPage>
    )
  }
  return <ComparePage key={organization.id} organization={organization} />
}
