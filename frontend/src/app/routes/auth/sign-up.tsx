import { Link, useLoaderData } from 'react-router-dom'
import { AuthCard } from '../../../components/layouts/auth-layout'
import styles from '../../../features/auth/components/auth-forms.module.css'
import { SignUpForm } from '../../../features/auth/components/sign-up-form'
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

  return (
    <AuthCard title="Create your account" subtitle="Free to start. No credit card required.">
      <SignUpForm afterSignUp={finish} />
      <GoogleSignInOption enabled={googleSignIn} />
      <p className={styles.switch}>
        Already have an account? <Link to="/auth/sign-in">Sign in</Link>
      </p>
    </AuthCard>
  )
}
