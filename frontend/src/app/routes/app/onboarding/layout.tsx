import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, type LoaderFunctionArgs, Outlet } from 'react-router-dom'
import { Logo } from '../../../../components/ui/logo'
import { accountQueries } from '../../../../features/account/api/account'
import { OrganizationSwitcher } from '../../../../features/organizations/components/organization-switcher'
import { requireAccount } from '../require-account'
import styles from './onboarding.module.css'

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireAccount(queryClient, request)
    return null
  }

/** Spec §2 onboarding frame: the logo, who is signed in, one wide column; no dashboard navigation yet. */
export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  return (
    <div className={styles.page}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <span className={styles.brand}>
          <Logo size={30} />
        </span>
        <div className={styles.who}>
          {account.organizations.length > 1 && <OrganizationSwitcher account={account} />}
          <span className={styles.email}>{account.email}</span>
          <Link to="/auth/logout">Sign Out</Link>
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  )
}
