import { Link } from 'react-router-dom'
import styles from '../../../components/layouts/page.module.css'
import { Card } from '../../../components/ui/card'
import { usePermission } from '../../../features/account/use-permission'
import { ChooseStartPlan } from '../../../features/organizations/components/choose-start-plan'
import { DeleteOrganizationButton } from '../../../features/organizations/components/delete-organization'
import orgStyles from '../../../features/organizations/components/organizations.module.css'
import { PlanBadge } from '../../../features/organizations/components/plan-badge'
import { RenameOrganizationForm } from '../../../features/organizations/components/rename-organization-form'
import { TemplateActions } from '../../../features/organizations/components/template-actions'
import { organizationName, roleLabel } from '../../../features/organizations/organization-display'
import { paths } from '../../../lib/paths'
import { NoOrganizationPage } from './no-organization'
import { useSelectedOrganization } from './organization-route'

export function Component() {
  const { organization } = useSelectedOrganization()
  const canDelete = usePermission('organization.delete')

  if (!organization) {
    return (
      <NoOrganizationPage title="Organization settings">
        Settings apply to the organization you are working in.
      </NoOrganizationPage>
    )
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Organization settings</h1>
        <p className={styles.lead}>
          {organizationName(organization)} · you are {roleLabel(organization.role).toLowerCase()}
        </p>
      </header>
      <Card title="General">
        {/* Keyed so the form starts from the server's name after a switch or rename. */}
        <RenameOrganizationForm key={`${organization.id}:${organization.name}`} organization={organization} />
      </Card>
      <Card title="Plan">
        {organization.plan ? (
          <div className={orgStyles.plan}>
            <p>
              <PlanBadge plan={organization.plan} /> <TemplateActions organization={organization} />
            </p>
            <p>
              <Link to={paths.billing()}>Subscription &amp; billing</Link> — change the plan, payment method
              and billing details.
            </p>
          </div>
        ) : (
          <div className={orgStyles.plan}>
            <p className={orgStyles.muted}>
              No plan yet. START is free and includes 5 template actions a month.
            </p>
            <div>
              <ChooseStartPlan organization={organization} />
            </div>
          </div>
        )}
      </Card>
      {canDelete && (
        <Card
          tone="danger"
          title="Delete organization"
          description="Deletes the organization and everything it owns, for every member."
        >
          <DeleteOrganizationButton organization={organization} />
        </Card>
      )}
    </div>
  )
}
