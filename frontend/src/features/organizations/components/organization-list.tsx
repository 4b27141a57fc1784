import type { Account } from '@app/contracts'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { selectedOrganizationOf } from '../../account/account-state'
import { useSwitchOrganization } from '../api/organizations'
import { organizationName, roleLabel } from '../organization-display'
import styles from './organizations.module.css'
import { PlanBadge } from './plan-badge'
import { TemplateActions } from './template-actions'

export function OrganizationList({ account }: { account: Account }) {
  const current = selectedOrganizationOf(account)
  const { switchTo, isPending, pendingId } = useSwitchOrganization()

  if (account.organizations.length === 0) {
    return (
      <p className={styles.muted}>You are not a member of any organization. Create one to get started.</p>
    )
  }

  return (
    <ul className={styles.list}>
      {account.organizations.map((organization) => {
        const name = organizationName(organization)
        const isCurrent = organization.id === current?.id
        return (
          <li key={organization.id} className={styles.item}>
            <div className={styles.summary}>
              <div className={styles.nameRow}>
                <span className={styles.name}>{name}</span>
                <Badge>{roleLabel(organization.role)}</Badge>
                <PlanBadge plan={organization.plan} />
              </div>
              <span className={styles.meta}>
                {organization.plan ? <TemplateActions organization={organization} /> : 'No plan chosen yet'}
              </span>
            </div>
            {isCurrent ? (
              <span className={styles.current}>
                <span aria-hidden="true">✓</span> Current
              </span>
            ) : (
              <Button
                variant="secondary"
                size="small"
                loading={isPending && pendingId === organization.id}
                disabled={isPending}
                onClick={() => switchTo(organization.id, current?.id)}
                aria-label={`Switch to ${name}`}
              >
                Switch
              </Button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
