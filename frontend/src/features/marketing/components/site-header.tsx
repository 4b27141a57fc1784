import { useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router-dom'
import { ButtonLink } from '../../../components/ui/button'
import { Logo } from '../../../components/ui/logo'
import { paths } from '../../../lib/paths'
import { PRODUCT_LINKS, RESOURCE_LINKS, SIGN_UP_PATH, type SiteLink, USE_CASE_LINKS } from '../site-map'
import styles from './site-header.module.css'

/** Closes a popup on Escape (focus back to its button), on a click outside and when the route changes. */
function usePopup<T extends HTMLElement>() {
  const [open, setOpen] = useState(false)
  const containerRef = useRef<T>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of a route change
  useEffect(() => setOpen(false), [pathname])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  return { open, setOpen, containerRef, buttonRef }
}

function Chevron() {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 12 12"
      aria-hidden="true"
      focusable="false"
      className={styles.chevron}
    >
      <path d="m3 4.5 3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  )
}

function NavDropdown({ label, links }: { label: string; links: readonly SiteLink[] }) {
  const { open, setOpen, containerRef, buttonRef } = usePopup<HTMLLIElement>()
  const panelId = useId()
  return (
    <li
      ref={containerRef}
      className={styles.dropdown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.navItem}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {label}
        <Chevron />
      </button>
      <ul id={panelId} className={styles.panel} hidden={!open}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={styles.panelLink} onClick={() => setOpen(false)}>
              <span className={styles.panelLabel}>{link.label}</span>
              {link.description && <span className={styles.panelDescription}>{link.description}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  )
}

function MobileMenu() {
  const { open, setOpen, containerRef, buttonRef } = usePopup<HTMLDivElement>()
  const panelId = useId()
  const firstLinkRef = useRef<HTMLAnchorElement>(null)

  useEffect(() => {
    if (open) firstLinkRef.current?.focus()
  }, [open])

  const group = (title: string, links: readonly SiteLink[], first = false) => (
    <div className={styles.mobileGroup}>
      <p className={styles.mobileHeading}>{title}</p>
      <ul>
        {links.map((link, index) => (
          <li key={link.to}>
            <Link
              ref={first && index === 0 ? firstLinkRef : undefined}
              to={link.to}
              className={styles.mobileLink}
              onClick={() => setOpen(false)}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )

  return (
    <div ref={containerRef} className={styles.mobile}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          {open ? (
            <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          ) : (
            <path d="M3 6h14M3 10h14M3 14h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          )}
        </svg>
        Menu
      </button>
      <nav id={panelId} className={styles.mobilePanel} hidden={!open} aria-label="Mobile">
        {group('Product', PRODUCT_LINKS, true)}
        {group('Use cases', USE_CASE_LINKS)}
        {group('Resources', RESOURCE_LINKS)}
        <div className={styles.mobileActions}>
          <ButtonLink to={paths.dashboard()} variant="secondary" block>
            Dashboard
          </ButtonLink>
          <ButtonLink to={SIGN_UP_PATH} block>
            Start for free
          </ButtonLink>
        </div>
      </nav>
    </div>
  )
}

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand} aria-label="SES Studio home">
          <Logo />
        </Link>
        <nav aria-label="Main" className={styles.desktopNav}>
          <ul className={styles.navList}>
            <NavDropdown label="Product" links={PRODUCT_LINKS} />
            <NavDropdown label="Use cases" links={USE_CASE_LINKS} />
            {RESOURCE_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={styles.navItem}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          <Link to={paths.dashboard()} className={styles.dashboardLink}>
            Dashboard
          </Link>
          <ButtonLink to={SIGN_UP_PATH} size="small">
            Start for free
          </ButtonLink>
        </div>
        <MobileMenu />
      </div>
    </header>
  )
}
