import { Link, useLocation, useNavigate } from 'react-router-dom'
import { AuthCard } from '../../../components/layouts/auth-layout'
import { toast } from '../../../components/ui/toast-store'
import { hashHasToken, tokenFromHash } from '../../../features/auth/api/auth-links'
import styles from '../../../features/auth/components/auth-forms.module.css'
import { InvalidResetLink, ResetConfirmForm } from '../../../features/auth/components/reset-confirm-form'
import { ResetRequestForm } from '../../../features/auth/components/reset-request-form'

/** Without a token: ask for a link. With `#token=` (from the email): choose the new password. */
export function Component() {
  const { hash } = useLocation()
  const navigate = useNavigate()

  if (hashHasToken(hash)) {
    const token = tokenFromHash(hash)
    if (!token) {
      return (
        <AuthCard title="Reset your password">
          <InvalidResetLink />
        </AuthCard>
      )
    }
    return (
      <AuthCard title="Choose a new password" subtitle="Use it the next time you sign in.">
        <ResetConfirmForm
          token={token}
          onDone={() => {
            toast.success('Your password was changed. Sign in with your new password.')
            navigate('/auth/sign-in', { replace: true })
          }}
        />
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Reset your password" subtitle="Enter your account's email and we'll send you a link.">
      <ResetRequestForm />
      <p className={styles.switch}>
        Remembered it? <Link to="/auth/sign-in">Back to sign in</Link>
      </p>
    </AuthCard>
  )
}
