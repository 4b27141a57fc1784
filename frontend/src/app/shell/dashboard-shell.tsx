import type { Account } from '@app/contracts'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { selectedOrganizationOf } from '../../features/account/account-state'
import { UserMenu } from '../../features/account/components/user-menu'
import { AwsSelector } from '../../features/aws-accounts/components/aws-selector'
import { OrganizationSwitcher } from '../../features/organizations/components/organization-switcher'
import { TemplateActionsWidget } from '../../features/organizations/components/template-actions'
import styles from './shell.module.css'
import { Sidebar } from './sidebar'

/**
 * The dashboard frame: a 260px sidebar (a drawer on narrow screens, opened by the Menu button) and a top bar with
 * the organization switcher, the AWS selector (in the drawer on phones), the START template-actions widget and the
 * avatar menu, on one row at every width.
 */
export function DashboardShell({
  account,
  showAdminPanel,
  children,
}: {
  account: Account
  showAdminPanel: boolean
  children: ReactNode
}) {
  const organization = selectedOrganizationOf(account)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const drawerRef = useRef<HTMLElement>(null)
  const { pathname } = useLocation()

  // A followed link closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => {
    setDrawerOpen(false)
  }, [pathname])

  useEffect(() => {
    if (!drawerOpen) return
    drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus()
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      setDrawerOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [drawerOpen])

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside
        id="app-sidebar"
        ref={drawerRef}
        className={drawerOpen ? `${styles.sidebar} ${styles.drawerOpen}` : styles.sidebar}
        aria-label="Sidebar"
      >
        <Sidebar
          plan={organization?.plan}
          // Phones: the AWS selector lives in the menu, so the top bar keeps to one row.
          drawerOnly={
            <div className={styles.drawerAws}>
              <AwsSelector account={account} />
            </div>
          }
        />
      </aside>
      {drawerOpen && (
        <button
          type="button"
          className={styles.backdrop}
          aria-label="Close menu"
          tabIndex={-1}
          onClick={() => setDrawerOpen(false)}
        />
      )}
      <div className={styles.body}>
        <header className={styles.topbar}>
          <button
            ref={toggleRef}
            type="button"
            className={styles.menuToggle}
            aria-expanded={drawerOpen}
            aria-controls="app-sidebar"
            onClick={() => setDrawerOpen(!drawerOpen)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">Menu</span>
          </button>
          <OrganizationSwitcher account={account} />
          <div className={styles.topbarAws}>
            <AwsSelector account={account} />
          </div>
          <div className={styles.topbarEnd}>
            <TemplateActionsWidget organization={organization} />
            <UserMenu account={account} showAdminPanel={showAdminPanel} />
          </div>
        </header>
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  )
}
