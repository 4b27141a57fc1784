import { useQuery } from '@tanstack/react-query'
import { useLoaderData, useLocation } from 'react-router-dom'
import { AuthCard } from '../../../components/layouts/auth-layout'
import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { authLinkQueries, tokenFromHash } from '../../../features/auth/api/auth-links'
import styles from '../../../features/auth/components/auth-forms.module.css'
import { configureAmplify, isSignedIn } from '../../../lib/amplify'
import { isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'

export const clientLoader = () => async () => {
  await configureAmplify()
  return { signedIn: await isSignedIn() }
}

function NextStep({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <ButtonLink to={paths.dashboard()} block>
      Go to dashboard
    </ButtonLink>
  ) : (
    <ButtonLink to="/auth/sign-in" block>
      Sign in
    </ButtonLink>
  )
}

function Verification({ token, signedIn }: { token: string; signedIn: boolean }) {
  const verification = useQuery(authLinkQueries.emailVerification(token))

  if (verification.isPending) {
    return (
      <p className={styles.switch} role="status">
        <Spinner size="small" /> Confirming your email address…
      </p>
    )
  }
  if (verification.isError) {
    const invalid =
      isApiError(verification.error, 'auth.invalid_token') ||
      isApiError(verification.error, 'request.invalid')
    return (
      <div className={styles.stack}>
        <Alert
          tone="danger"
          title={invalid ? 'This link is invalid or has expired' : 'Could not verify your email'}
        >
          {invalid
            ? 'Verification links work for a limited time. Send a new one from your dashboard, then use the latest email.'
            : isApiError(verification.error)
              ? verification.error.message
              : 'Something went wrong. Try again in a moment.'}
        </Alert>
        <NextStep signedIn={signedIn} />
      </div>
    )
  }
  return (
    <div className={styles.stack}>
      <Alert tone="success" title="Your email address is verified" role="status">
        Thanks for confirming. You will receive SES Studio notifications at this address.
      </Alert>
      <NextStep signedIn={signedIn} />
    </div>
  )
}

export function Component() {
  const { signedIn } = useLoaderData<{ signedIn: boolean }>()
  const token = tokenFromHash(useLocation().hash)
  return (
    <AuthCard title="Verify your email">
      {token ? (
        <Verification token={token} signedIn={signedIn} />
      ) : (
        <div className={styles.stack}>
          <Alert tone="danger" title="This link is incomplete">
            Open the link from the verification email exactly as it was sent, or send a new one from your
            dashboard.
          </Alert>
          <NextStep signedIn={signedIn} />
        </div>
      )}
    </AuthCard>
  )
}
