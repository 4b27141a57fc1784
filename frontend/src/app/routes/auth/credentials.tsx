import { useQueryClient } from '@tanstack/react-query'
import { redirect, useNavigate } from 'react-router-dom'
import { ButtonLink } from '../../../components/ui/button'
import { accountQueries } from '../../../features/account/api/account'
import { DEFAULT_DESTINATION } from '../../../features/auth/callback'
import { takePostAuthDestination } from '../../../features/auth/callback-cookie'
import styles from '../../../features/auth/components/auth-forms.module.css'
import { configureAmplify, isSignedIn } from '../../../lib/amplify'

/** What the sign-in and sign-up pages share: signed-in visitors go on; Google appears only when configured. */
export const credentialsLoader = () => async () => {
  const config = await configureAmplify()
  if (await isSignedIn()) return redirect(DEFAULT_DESTINATION)
  return { googleSignIn: config.googleSignIn && Boolean(config.oauthDomain) }
}

export interface CredentialsLoaderData {
  googleSignIn: boolean
}

/** After either form succeeds: load (or create) the account, then go where the visitor was headed. */
export function useFinishAuthentication(): () => Promise<void> {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async () => {
    await queryClient.fetchQuery(accountQueries.current())
    navigate(takePostAuthDestination(), { replace: true })
  }
}

export function GoogleSignInOption({ enabled }: { enabled: boolean }) {
  if (!enabled) return null
  return (
    <>
      <div className={styles.divider}>or</div>
      <ButtonLink to="/auth/google" variant="secondary" block>
        Continue with Google
      </ButtonLink>
    </>
  )
}
