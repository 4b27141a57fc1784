import { planUnlocks } from '@app/contracts'
import { accountCan } from '../../../features/account/account-state'
import { apiKeyQueries } from '../../../features/api-keys/api/api-keys'
import { ApiKeysPage } from '../../../features/api-keys/components/api-keys-page'
import { OrganizationRoute, organizationLoader } from './organization-route'

/** The keys, while the page's code loads (only for owners and admins on a plan with campaigns: else 403). */
export const clientLoader = organizationLoader((queryClient, organization, { account }) => {
  if (planUnlocks(organization.plan, 'campaigns') && accountCan(account, 'api_keys.manage', organization.id))
    void queryClient.prefetchQuery(apiKeyQueries.list(organization.id))
})

export function Component() {
  return (
    <OrganizationRoute
      title="API keys"
      missing="API keys belong to an organization: choose the one you are working in."
    >
      {(organization) => <ApiKeysPage key={organization.id} organization={organization} />}
    </OrganizationRoute>
  )
}
