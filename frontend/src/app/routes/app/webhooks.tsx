import { planUnlocks } from '@app/contracts'
import { accountCan } from '../../../features/account/account-state'
import { webhookQueries } from '../../../features/webhooks/api/webhooks'
import { WebhooksPage } from '../../../features/webhooks/components/webhooks-page'
import { OrganizationRoute, organizationLoader } from './organization-route'

/** The endpoints, while the page's code loads (only for owners and admins on a plan with campaigns: else 403). */
export const clientLoader = organizationLoader((queryClient, organization, { account }) => {
  if (planUnlocks(organization.plan, 'campaigns') && accountCan(account, 'webhooks.manage', organization.id))
    void queryClient.prefetchQuery(webhookQueries.endpoints(organization.id))
})

export function Component() {
  return (
    <OrganizationRoute
      title="Webhooks"
      missing="Webhooks belong to an organization: choose the one you are working in."
    >
      {(organization) => <WebhooksPage key={organization.id} organization={organization} />}
    </OrganizationRoute>
  )
}
