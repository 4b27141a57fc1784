import type { QueryClient } from '@tanstack/react-query'
import { redirect } from 'react-router-dom'
import { accountQueries } from '../../../features/account/api/account'
import { signOutOfThisBrowser } from '../../../features/auth/api/session'
import { rememberCallback } from '../../../features/auth/callback-cookie'
import { configureAmplify, isSignedIn } from '../../../lib/amplify'
import { isApiError } from '../../../lib/api-error'
import { appConfigQuery } from '../../../lib/app-config'

/**
 * Every signed-in layout's loader (dashboard, onboarding, admin). Spec §2/§4: signed-out visitors go to sign-in,
 * remembering where they were going; signed-in ones wait behind the full-screen loader until the account has
 * loaded.
 */
export async function requireAccount(queryClient: QueryClient, request: Request) {
  await configureAmplify()
  const url = new URL(request.url)
  if (!(await isSignedIn())) throw redirect(rememberCallback(url))
  try {
    const [account] = await Promise.all([
      queryClient.ensureQueryData(accountQueries.current()),
      queryClient.ensureQueryData(appConfigQuery()),
    ])
    return account
  } catch (error) {
    // A session the API no longer accepts (a reset local stack, a deleted user): start a fresh sign-in.
    if (!isApiError(error) || error.status !== 401) throw error
    await signOutOfThisBrowser().catch(() => undefined)
    queryClient.clear()
    throw redirect(rememberCallback(url))
  }
}
