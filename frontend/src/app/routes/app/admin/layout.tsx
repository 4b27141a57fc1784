import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, type LoaderFunctionArgs, Outlet } from 'react-router-dom'
import { Logo } from '../../../../components/ui/logo'
import { showsAdminPanel } from '../../../../features/account/account-display'
import { accountQueries } from '../../../../features/account/api/account'
import { appConfigQuery } from '../../../../lib/app-config'
import { requireAccount } from '../require-account'
import styles from './admin.module.css'

/** Spec §4: the admin layout shows the loader until the account loads (this loader). */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireAccount(queryClient, request)
    return null
  }

/** Spec §2: its sidebar has 'Invoices report' and 'Download invoices'; both need billing (a later release). */
export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const { data: config } = useSuspenseQuery(appConfigQuery())
  const staff = showsAdminPanel(account.email, config.adminEmailDomain)
  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className={styles.sidebar} aria-label="Admin">
        <Link to="/app" aria-label="SES Studio dashboard" className={styles.home}>
          <Logo size={28} />
        </Link>
        <p className={styles.heading}>Admin Panel</p>
        {staff && (
          <ul className={styles.actions}>
            <li>
              Invoices report <span className={styles.soon}>with billing</span>
            </li>
            <li>
              Download invoices <span className={styles.soon}>with billing</span>
            </li>
          </ul>
        )}
        <Link to="/app" className={styles.back}>
          ← Dashboard
        </Link>
      </aside>
      <main id="main" className={styles.main} tabIndex={-1}>
        {staff ? (
          <Outlet />
        ) : (
          <div className={styles.page}>
            <h1>Admin Panel</h1>
            <p>This area is for the people who run this SES Studio installation.</p>
          </div>
        )}
      </main>
    </div>
  )
}
