import type { OrganizationSummary } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { errorMessage } from '../../../lib/api-error'
import { usePermission } from '../../account/use-permission'
import { organizationName } from '../../organizations/organization-display'
import { teamQueries } from '../api/team'
import { InvitationsSection } from './invitations-section'
import { InviteDialog } from './invite-dialog'
import { LeaveOrganization } from './leave-organization'
import { MembersSection } from './members-section'
import { RoleTable } from './role-table'
import { SeatsSummary } from './seats-summary'
import styles from './team.module.css'

const TITLE = 'Team'

/** `/app/organization/team`: members, invitations, seats, what each role allows, and leaving. */
export function TeamPage({
  organization,
  accountId,
}: {
  organization: OrganizationSummary
  accountId: string
}) {
  const team = useQuery(teamQueries.team(organization.id))
  const canInvite = usePermission('team.invite', organization.id)
  const [inviting, setInviting] = useState(false)
  const name = organizationName(organization)

  return (
    <div className={pageStyles.page}>
      <header className={styles.pageHeader}>
        <div className={pageStyles.header}>
          <h1>{TITLE}</h1>
          <p className={pageStyles.lead}>The people of {name}, their roles, and who has been invited.</p>
        </div>
        {canInvite && <Button onClick={() => setInviting(true)}>Invite members</Button>}
      </header>

      {team.data === undefined ? (
        team.isError ? (
          <LoadError title="Could not load the team" error={team.error} onRetry={() => void team.refetch()} />
        ) : (
          <LoadingLines lines={5} label="Loading the team" />
        )
      ) : (
        <>
          {team.isError && (
            <Alert tone="warning" role="alert">
              Could not refresh the team: {errorMessage(team.error)}
            </Alert>
          )}
          <SeatsSummary organizationId={organization.id} seats={team.data.seats} />
          <MembersSection
            organizationId={organization.id}
            members={team.data.accounts}
            me={{ accountId, role: organization.role }}
            stale={team.isFetching && !team.isPending}
          />
          {canInvite && (
            <InvitationsSection organizationId={organization.id} invitations={team.data.invitations} />
          )}
        </>
      )}
      <RoleTable myRole={organization.role} />
      <LeaveOrganization organizationId={organization.id} name={name} />
      {canInvite && (
        <InviteDialog organization={organization} open={inviting} onClose={() => setInviting(false)} />
      )}
    </div>
  )
}
