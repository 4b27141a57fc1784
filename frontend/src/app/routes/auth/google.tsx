import type { QueryClient } from '@tanstack/react-query'
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router-dom'
import { AuthCard } from '../../../components/layouts/auth-layout'
import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { accountQueries } from '../../../features/account/api/account'
import { startGoogleSignIn } from '../../../features/auth/api/session'
import { DEFAULT_DESTINATION } from '../../../features/auth/callback'
import { takePostAuthDestination } from '../../../features/auth/callback-cookie'
import styles from '../../../features/auth/components/auth-forms.module.css'
import { configureAmplify, isSignedIn } from '../../../lib/amplify'

type GoogleState = { state: 'unavailable' } | { state: 'failed'; reason: string } | { state: 'redirecting' }

/**
 * Going out: send the browser to the Cognito hosted UI with the Google IdP. Coming back (`?code=`): Amplify
 * exchanges the code as soon as it is configured and `isSignedIn` waits for that; then continue like a sign-in.
 */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs): Promise<GoogleState | Response> => {
    const config = await configureAmplify()
    if (!config.googleSignIn || !config.oauthDomain) return { state: 'unavailable' }

    const params = new URL(request.url).searchParams
    if (params.has('error')) {
      return { state: 'failed', reason: params.get('error_description') ?? 'Google sign-in was cancelled.' }
    }
    if (params.has('code')) {
      if (!(await isSignedIn())) return { state: 'failed', reason: 'Google sign-in did not complete.' }
      await queryClient.fetchQuery(accountQueries.current())
      return redirect(takePostAuthDestination())
    }
    if (await isSignedIn()) return redirect(DEFAULT_DESTINATION)
    await startGoogleSignIn()
    return { state: 'redirecting' }
  }

export function Component() {
  const result = useLoaderData<GoogleState>()

  if (result.state === 'redirecting') {
    return (
      <AuthCard title="Continue with Google">
        <p className={styles.switch} role="status">
          <Spinner size="small" /> Taking you to Google…
        </p>
      </AuthCard>
    )
  }

  if (result.state === 'failed') {
    return (
      <AuthCard title="Continue with Google">
        <div className={styles.stack}>
          <Alert tone="danger" title="Could not sign in with Google">
            {result.reason}
          </Alert>
          <ButtonLink to="/auth/google" reloadDocument block>
            Try again
          </ButtonLink>
          <ButtonLink to="/auth/sign-in" variant="ghost" block>
            Sign in with email instead
          </ButtonLink>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Google sign-in is not available">
      <div className={styles.stack}>
        <Alert tone="info" title="Not configured for this installation">
          Signing in with Google needs Google client credentials in the deployment, and this one has none (a
          local stack never does). Use your email and password instead.
        </Alert>
        <ButtonLink to="/auth/sign-in" block>
          Sign in with email
        </ButtonLink>
      </div>
    </AuthCard>
  )
}
