import type { Account } from '@app/contracts'
import { Link } from 'react-router-dom'
import { Menu, MenuSection, menuItemClass } from '../../../components/ui/menu'
import { paths } from '../../../lib/paths'
import { displayName, initialsOf } from '../account-display'
import styles from './account.module.css'

/** The avatar (first 1–2 initials, spec §9) and the personal menu. */
export function UserMenu({ account, showAdminPanel }: { account: Account; showAdminPanel: boolean }) {
  return (
    <Menu
      align="end"
      triggerClassName={styles.avatarButton}
      trigger={
        <>
          <span className={styles.avatar} data-testid="avatar">
            {initialsOf(account)}
          </span>
          <span className="visually-hidden">Account menu for {displayName(account)}</span>
        </>
      }
    >
      {(close) => (
        <>
          <MenuSection>
            <div className={styles.who}>
              {account.name && <strong>{account.name}</strong>}
              <span>{account.email}</span>
            </div>
          </MenuSection>
          <MenuSection>
            <Link className={menuItemClass} to={paths.settings()} onClick={close}>
              Settings
            </Link>
            {showAdminPanel && (
              <Link className={menuItemClass} to={paths.admin()} onClick={close}>
                Admin Panel
              </Link>
            )}
            <Link className={menuItemClass} to="/auth/logout" onClick={close}>
              Sign Out
            </Link>
          </MenuSection>
        </>
      )}
    </Menu>
  )
}
