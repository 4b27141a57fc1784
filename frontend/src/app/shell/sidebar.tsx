import type { Plan } from '@app/contracts'
import { type ReactNode, useEffect, useId, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router-dom'
import { LockBadge } from '../../components/ui/lock-badge'
import { Logo } from '../../components/ui/logo'
import { paths } from '../../lib/paths'
import {
  lockedUntil,
  NAV_SECTIONS,
  type NavSection,
  readSectionOpen,
  sectionHolds,
  writeSectionOpen,
} from './navigation'
import styles from './shell.module.css'

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${styles.navLink} ${styles.active}` : styles.navLink
}

function SidebarSection({ section, plan }: { section: NavSection; plan: Plan | null | undefined }) {
  const current = sectionHolds(section, useLocation().pathname)
  const [open, setOpen] = useState(() => current || readSectionOpen(browserStorage(), section))
  // Arriving on one of its pages opens a section, so the current page is always in sight.
  useEffect(() => {
    if (current) setOpen(true)
  }, [current])
  const listId = useId()
  return (
    <div className={styles.section}>
      <button
        type="button"
        className={styles.sectionToggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          setOpen(!open)
          writeSectionOpen(browserStorage(), section, !open)
        }}
      >
        {section.label}
        <span aria-hidden="true" className={open ? styles.caretOpen : styles.caret}>
          ▸
        </span>
      </button>
      <ul id={listId} className={styles.navList} hidden={!open}>
        {section.items.map((item) => {
          const tier = lockedUntil(plan, item.feature)
          return (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={navClass}>
                <span>{item.label}</span>
                {tier && <LockBadge tier={tier} />}
              </NavLink>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** Spec §2 sidebar: Dashboard, the four collapsible sections (open state kept per section), the blog link. */
export function Sidebar({
  plan,
  drawerOnly,
}: {
  plan: Plan | null | undefined
  /** Shown under the logo when the sidebar is the phone drawer (the top bar's controls that do not fit there). */
  drawerOnly?: ReactNode
}) {
  return (
    <>
      <div className={styles.brand}>
        <Link to={paths.dashboard()} className={styles.home} aria-label="SES Studio dashboard">
          <Logo size={28} />
        </Link>
      </div>
      {drawerOnly}
      <nav className={styles.nav} aria-label="Dashboard">
        <NavLink to={paths.dashboard()} end className={navClass}>
          Dashboard
        </NavLink>
        {NAV_SECTIONS.map((section) => (
          <SidebarSection key={section.id} section={section} plan={plan} />
        ))}
      </nav>
      <Link to="/blog" className={styles.blog}>
        Visit our blog and learn more
      </Link>
    </>
  )
}
