import type { Plan } from '@app/contracts'
import { useId, useState } from 'react'
import { Link, NavLink } from 'react-router-dom'
import { Logo } from '../../components/ui/logo'
import { lockedUntil, NAV_SECTIONS, type NavSection, readSectionOpen, writeSectionOpen } from './navigation'
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

function LockBadge({ tier }: { tier: string }) {
  return (
    <span className={styles.lock} title={`Needs the ${tier} plan`}>
      <svg width="11" height="11" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path
          d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2h.5A1.5 1.5 0 0 1 13.5 8.5v5A1.5 1.5 0 0 1 12 15H4a1.5 1.5 0 0 1-1.5-1.5v-5A1.5 1.5 0 0 1 4 7zm1.5 0h4V5a2 2 0 1 0-4 0z"
          fill="currentColor"
        />
      </svg>
      {tier}
      <span className="visually-hidden"> plan needed</span>
    </span>
  )
}

function SidebarSection({ section, plan }: { section: NavSection; plan: Plan | null | undefined }) {
  const [open, setOpen] = useState(() => readSectionOpen(browserStorage(), section))
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
export function Sidebar({ plan }: { plan: Plan | null | undefined }) {
  return (
    <>
      <div className={styles.brand}>
        <Link to="/app" className={styles.home} aria-label="SES Studio dashboard">
          <Logo size={28} />
        </Link>
      </div>
      <nav className={styles.nav} aria-label="Dashboard">
        <NavLink to="/app" end className={navClass}>
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
