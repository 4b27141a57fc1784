import { useQueryClient } from '@tanstack/react-query'
import { Link, redirect, useLoaderData, useNavigate } from 'react-router-dom'
import { AuthCard } from '../../../components/layouts/auth-layout'
import { ButtonLink } from '../../../components/ui/button'
import { accountQueries } from '../../../features/account/api/account'
import { DEFAULT_DESTINATION } from '../../../features/auth/callback'
import { takePostAuthDestination } from '../../../features/auth/callback-cookie'
import styles from '../../../features/auth/components/auth-forms.module.css'
import { SignUpForm } from '../../../features/auth/components/sign-up-form'
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

  return (
    <AuthCard title="Create your account" subtitle="Free to start. No credit card required.">
      <SignUpForm
        afterSignUp={async () => {
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
        Already have an account? <Link to="/auth/sign-in">Sign in</Link>
      </p>
    </AuthCard>
  )
}
