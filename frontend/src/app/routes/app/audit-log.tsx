import { accountCan } from '../../../features/account/account-state'
import { auditLogQueries } from '../../../features/audit-log/api/audit-log'
import { AuditLogPage } from '../../../features/audit-log/components/audit-log-page'
import { OrganizationRoute, organizationLoader } from './organization-route'

/** The log's first page, while the page's code loads (only for owners and admins: else 403). */
export const clientLoader = organizationLoader((queryClient, organization, { account }) => {
  if (accountCan(account, 'audit.read', organization.id))
    void queryClient.prefetchInfiniteQuery(auditLogQueries.entries(organization.id, {}))
})

export function Component() {
  return (
    <OrganizationRoute
      title="Audit log"
      missing="The audit log belongs to an organization: choose the one you are working in."
    >
      {(organization) => <AuditLogPage key={organization.id} organization={organization} />}
    </OrganizationRoute>
  )
}
