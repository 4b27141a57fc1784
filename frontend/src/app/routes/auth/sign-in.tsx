import { useQueryClient } from '@tanstack/react-query'
import { Link, redirect, useLoaderData, useLocation, useNavigate } from 'react-router-dom'
import { AuthCard } from '../../../components/layouts/auth-layout'
import { ButtonLink } from '../../../components/ui/button'
import { accountQueries } from '../../../features/account/api/account'
import { DEFAULT_DESTINATION } from '../../../features/auth/callback'
import { takePostAuthDestination } from '../../../features/auth/callback-cookie'
import styles from '../../../features/auth/components/auth-forms.module.css'
import { SignInForm } from '../../../features/auth/components/sign-in-form'
import { configureAmplify, isSignedIn } from '../../../lib/amplify'

export const clientLoader = () => async () => {
  const config = await configureAmplify()
  if (await isSignedIn()) return redirect(DEFAULT_DESTINATION)
  return { googleSignIn: config.googleSignIn && Boolean(config.oauthDomain) }
}

export function Component() {
  const { googleSignIn } = useLoaderData<{ googleSignIn: boolean }>()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const location = useLocation()
  const initialEmail = (location.state as { email?: string } | null)?.email

  return (
    <AuthCard title="Sign in" subtitle="Welcome back to SES Studio.">
      <SignInForm
        initialEmail={initialEmail}
        afterSignIn={async () => {
          await queryClient.fetchQuery(accountQueries.current())
          navigate(takePostAuthDestination(), { replace: true })
        }}
      />
      {googleSignIn && (
        <>
          <div className={styles.divider}>or</div>
          <ButtonLink to="/auth/google" variant="secondary" block>
            Continue with Google
          </ButtonLink>
        </>
      )}
      <p className={styles.switch}>
        New to SES Studio? <Link to="/auth/sign-up">Create an account</Link>
      </p>
    </AuthCard>
  )
}
