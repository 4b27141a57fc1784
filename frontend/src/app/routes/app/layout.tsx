import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import { type LoaderFunctionArgs, Outlet, redirect } from 'react-router-dom'
import { DashboardLayout } from '../../../components/layouts/dashboard-layout'
import { accountQueries } from '../../../features/account/api/account'
import { SuspendedAccount } from '../../../features/account/components/suspended-account'
import { signOutOfThisBrowser } from '../../../features/auth/api/session'
import { rememberCallback } from '../../../features/auth/callback-cookie'
import { configureAmplify, isSignedIn } from '../../../lib/amplify'
import { isApiError } from '../../../lib/api-error'

/**
 * Spec §2/§4: signed-out visitors go to sign-in (remembering where they were going); signed-in ones wait, behind
 * the full-screen loader, until the account has loaded.
 */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await configureAmplify()
    const url = new URL(request.url)
    if (!(await isSignedIn())) throw redirect(rememberCallback(url))
    try {
      await queryClient.ensureQueryData(accountQueries.current())
    } catch (error) {
      // A session the API no longer accepts (a reset local stack, a deleted user): start a fresh sign-in.
      if (!isApiError(error) || error.status !== 401) throw error
      await signOutOfThisBrowser().catch(() => undefined)
      queryClient.clear()
      throw redirect(rememberCallback(url))
    }
    return null
  }

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  if (!account.hasAccessToPlatform)
    return <SuspendedAccount account={account} signOut={signOutOfThisBrowser} />
  return (
    <DashboardLayout email={account.email}>
      <Outlet />
    </DashboardLayout>
  )
}
