import { accountCan } from '../../../features/account/account-state'
import { teamQueries } from '../../../features/team/api/team'
import { TeamPage } from '../../../features/team/components/team-page'
import { OrganizationRoute, organizationLoader, useSelectedOrganization } from './organization-route'

/** The team, while the page's code loads (every member may read it). */
export const clientLoader = organizationLoader((queryClient, organization, { account }) => {
  if (accountCan(account, 'team.read', organization.id))
    void queryClient.prefetchQuery(teamQueries.team(organization.id))
})

export function Component() {
  const { account } = useSelectedOrganization()
  return (
    <OrganizationRoute
      title="Team"
      missing="A team belongs to an organization: choose the one you are working in."
    >
      {(organization) => (
        <TeamPage key={organization.id} organization={organization} accountId={account.id} />
      )}
    </OrganizationRoute>
  )
}
