import type { ReactNode } from 'react'
import { Link, NavLink } from 'react-router-dom'
import { ButtonLink } from '../ui/button'
import { Logo } from '../ui/logo'
import styles from './dashboard-layout.module.css'

const NAVIGATION = [
  { to: '/app', label: 'Dashboard', end: true },
  { to: '/app/organization/settings', label: 'Organization', end: false },
  { to: '/app/settings', label: 'Settings', end: false },
] as const

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${styles.navLink} ${styles.active}` : styles.navLink
}

/** The signed-in frame: a top bar with navigation and the user, then the page. */
export function DashboardLayout({ email, children }: { email: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to="/app" className={styles.home} aria-label="SES Studio dashboard">
            <Logo size={30} />
          </Link>
          <nav className={styles.nav} aria-label="Main">
            {NAVIGATION.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.end} className={navClass}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className={styles.user}>
            <span className={styles.email} title={email}>
              {email}
            </span>
            <ButtonLink to="/auth/logout" variant="secondary" size="small">
              Sign Out
            </ButtonLink>
          </div>
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
