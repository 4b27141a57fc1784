import type { Account } from '@app/contracts'
import { Link } from 'react-router-dom'
import { Menu, MenuSection, menuItemClass } from '../../../components/ui/menu'
import { Spinner } from '../../../components/ui/spinner'
import { paths } from '../../../lib/paths'
import { selectedOrganizationOf } from '../../account/account-state'
import { useSwitchOrganization } from '../api/organizations'
import { organizationName } from '../organization-display'
import styles from './organizations.module.css'
import { PlanBadge } from './plan-badge'

/** The top bar's organization menu: switch (select, then reload to /app), manage, add. */
export function OrganizationSwitcher({ account }: { account: Account }) {
  const current = selectedOrganizationOf(account)
  const { switchTo, isPending, pendingId } = useSwitchOrganization()
  const currentName = current ? organizationName(current) : 'Choose an organization'

  return (
    <Menu
      triggerClassName={styles.switcher}
      trigger={
        <>
          <span className={styles.switcherName}>
            <span className="visually-hidden">Organization: </span>
            {currentName}
          </span>
          {current && <PlanBadge plan={current.plan} />}
          <span aria-hidden="true" className={styles.chevron}>
            ▾
          </span>
        </>
      }
    >
      {(close) => (
        <>
          {account.organizations.length > 0 && (
            <MenuSection title="Organizations">
              {account.organizations.map((organization) => {
                const isCurrent = organization.id === current?.id
                return (
                  <button
                    key={organization.id}
                    type="button"
                    className={menuItemClass}
                    aria-current={isCurrent || undefined}
                    disabled={isPending}
                    onClick={() => {
                      if (isCurrent) close()
                      else switchTo(organization.id, current?.id)
                    }}
                  >
                    <span className={styles.switcherName}>{organizationName(organization)}</span>
                    <PlanBadge plan={organization.plan} />
                    {isCurrent && <span className="visually-hidden">(current)</span>}
                    {isCurrent && <span aria-hidden="true">✓</span>}
                    {isPending && pendingId === organization.id && <Spinner size="small" />}
                  </button>
                )
              })}
            </MenuSection>
          )}
          {current && (
            <MenuSection title={organizationName(current)}>
              <Link className={menuItemClass} to={paths.organizationSettings()} onClick={close}>
                Organization settings
              </Link>
              <Link className={menuItemClass} to={paths.organizationTeam()} onClick={close}>
                Team
              </Link>
              <Link className={menuItemClass} to={paths.apiKeys()} onClick={close}>
                API keys
              </Link>
              <Link className={menuItemClass} to={paths.webhooks()} onClick={close}>
                Webhooks
              </Link>
              <Link className={menuItemClass} to={paths.auditLog()} onClick={close}>
                Audit log
              </Link>
              <Link className={menuItemClass} to={paths.billing()} onClick={close}>
                Subscription &amp; billing
              </Link>
              <Link className={menuItemClass} to={paths.invoices()} onClick={close}>
                Invoices
              </Link>
            </MenuSection>
          )}
          <MenuSection>
            <Link className={menuItemClass} to={paths.newOrganization()} onClick={close}>
              <span aria-hidden="true">+</span> Add Organization
            </Link>
          </MenuSection>
        </>
      )}
    </Menu>
  )
}
