import { Outlet } from 'react-router-dom'
import styles from './public-layout.module.css'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

/** The public website layout (spec §2): header, page, footer; content at most 1440px wide. */
export function PublicLayout() {
  return (
    <div className={styles.site}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  )
}
