import type { OrganizationSummary } from '@app/contracts'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast-store'
import { usePermission } from '../../account/use-permission'
import { useUpdateOrganization } from '../api/organizations'
import { organizationName } from '../organization-display'
import styles from './organizations.module.css'

/** An organization starts without a plan; START is free and can be chosen here (paid plans go through checkout). */
export function ChooseStartPlan({
  organization,
  label = 'Use the free START plan',
  variant,
  onChosen,
}: {
  organization: OrganizationSummary
  label?: string
  variant?: 'primary' | 'secondary'
  /** After the plan is saved (onboarding moves on to the dashboard). */
  onChosen?: () => void
}) {
  const update = useUpdateOrganization(organization.id)
  const allowed = usePermission('organization.choose_plan', organization.id)
  if (!allowed) {
    return <p className={styles.muted}>An owner or admin of this organization can choose its plan.</p>
  }
  return (
    <Button
      variant={variant}
      loading={update.isPending}
      onClick={() =>
        update.mutate(
          { plan: 'START' },
          {
            onSuccess: () => {
              toast.success(`${organizationName(organization)} is on the free START plan.`)
              onChosen?.()
            },
          },
        )
      }
    >
      {label}
    </Button>
  )
}
