import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import { type LoaderFunctionArgs, Navigate, Outlet, redirect, useLocation } from 'react-router-dom'
import { showsAdminPanel } from '../../../features/account/account-display'
import { accountQueries } from '../../../features/account/api/account'
import { SuspendedAccount } from '../../../features/account/components/suspended-account'
import { signOutOfThisBrowser } from '../../../features/auth/api/session'
import { dashboardEntryRedirect } from '../../../features/organizations/dashboard-entry'
import { appConfigQuery } from '../../../lib/app-config'
import { DashboardShell } from '../../shell/dashboard-shell'
import { requireAccount } from './require-account'

/** Spec §4 "Dashboard entry": loader until the account loads, then onboarding or the canceled page if needed. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const account = await requireAccount(queryClient, request)
    const target = account.hasAccessToPlatform
      ? dashboardEntryRedirect(account, new URL(request.url).pathname)
      : undefined
    if (target) throw redirect(target)
    return null
  }

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const { data: config } = useSuspenseQuery(appConfigQuery())
  const { pathname } = useLocation()
  if (!account.hasAccessToPlatform)
    return <SuspendedAccount account={account} signOut={signOutOfThisBrowser} />
  // The account can change under an open page (a plan removed elsewhere): apply the same rule.
  const target = dashboardEntryRedirect(account, pathname)
  if (target) return <Navigate to={target} replace />
  return (
    <DashboardShell
      account={account}
      showAdminPanel={showsAdminPanel(account.email, config.adminEmailDomain)}
    >
      <Outlet />
    </DashboardShell>
  )
}
