import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, type LoaderFunctionArgs, Outlet } from 'react-router-dom'
import { Logo } from '../../../../components/ui/logo'
import { Spinner } from '../../../../components/ui/spinner'
import { showsAdminPanel } from '../../../../features/account/account-display'
import { accountQueries } from '../../../../features/account/api/account'
import { useDownloadInvoicesReport } from '../../../../features/admin/api/admin'
import { useAdminRange } from '../../../../features/admin/use-admin-range'
import { appConfigQuery } from '../../../../lib/app-config'
import { paths } from '../../../../lib/paths'
import { requireAccount } from '../require-account'
import styles from './admin.module.css'

/** Spec §4: the admin layout shows the loader until the account loads (this loader). */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireAccount(queryClient, request)
    return null
  }

/** Spec §2: its sidebar has the two actions 'Invoices report' and 'Download invoices'. */
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
        <Link to={paths.dashboard()} aria-label="SES Studio dashboard" className={styles.home}>
          <Logo size={28} />
        </Link>
        <p className={styles.heading}>Admin Panel</p>
        {staff && <AdminActions />}
        <Link to={paths.dashboard()} className={styles.back}>
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

/** Both act on the range chosen on the page (kept in the address). */
function AdminActions() {
  const { range, listShown, showList } = useAdminRange()
  const report = useDownloadInvoicesReport()
  return (
    <ul className={styles.actions}>
      <li>
        <button
          type="button"
          className={styles.action}
          aria-busy={report.isPending || undefined}
          disabled={report.isPending}
          onClick={() => report.mutate(range)}
        >
          <span>Invoices report</span>
          {report.isPending && <Spinner size="small" />}
        </button>
        <span className={styles.hint}>CSV of the chosen range</span>
      </li>
      <li>
        <button type="button" className={styles.action} aria-pressed={listShown} onClick={showList}>
          Download invoices
        </button>
        <span className={styles.hint}>Each invoice's PDF, listed below</span>
      </li>
    </ul>
  )
}
