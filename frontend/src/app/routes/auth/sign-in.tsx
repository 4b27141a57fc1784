import { Link, useLoaderData, useLocation } from 'react-router-dom'
import { AuthCard } from '../../../components/layouts/auth-layout'
import styles from '../../../features/auth/components/auth-forms.module.css'
import { SignInForm } from '../../../features/auth/components/sign-in-form'
import {
  type CredentialsLoaderData,
  credentialsLoader,
  GoogleSignInOption,
  useFinishAuthentication,
} from './credentials'

export const clientLoader = credentialsLoader

export function Component() {
  const { googleSignIn } = useLoaderData<CredentialsLoaderData>()
  const finish = useFinishAuthentication()
  const location = useLocation()
  const initialEmail = (location.state as { email?: string } | null)?.email

  return (
    <AuthCard title="Sign in" subtitle="Welcome back to SES Studio.">
      <SignInForm initialEmail={initialEmail} afterSignIn={finish} />
      <GoogleSignInOption enabled={googleSignIn} />
      <p className={styles.switch}>
        New to SES Studio? <Link to="/auth/sign-up">Create an account</Link>
      </p>
    </AuthCard>
  )
}
