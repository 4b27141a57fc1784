import { useSuspenseQuery } from '@tanstack/react-query'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { StarterGallery } from '../../../features/templates/gallery/starter-gallery'
import { NoOrganizationPage } from './no-organization'

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const organization = selectedOrganizationOf(account)
  if (!organization) {
    return (
      <NoOrganizationPage title="New template">
        Templates belong to an organization: choose the one you are working in.
      </NoOrganizationPage>
    )
  }
  return <StarterGallery key={organization.id} organization={organization} />
}
