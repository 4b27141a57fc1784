import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { isApiError } from '../../../lib/api-error'
import { type Credentials, signUpWithPassword } from '../api/session'
import { authErrorKind, signUpErrorMessage } from '../auth-errors'
import styles from './auth-forms.module.css'
import { PasswordHints } from './password-hints'
import { emailError, newPasswordError } from './validation'

interface SignUpFormProps {
  /** Runs once the new user is signed in (create the account, go to the callback). */
  afterSignUp: () => Promise<void>
}

export function SignUpForm({ afterSignUp }: SignUpFormProps) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({})
  const [takenEmail, setTakenEmail] = useState<string>()

  const signUp = useMutation({
    mutationFn: async (credentials: Credentials) => {
      await signUpWithPassword(credentials)
      await afterSignUp()
    },
    meta: { handlesErrors: true },
    onError: (error, credentials) => {
      if (authErrorKind(error, 'sign-up') === 'email-taken') setTakenEmail(credentials.email)
      toast.danger(isApiError(error) ? error.message : signUpErrorMessage(error))
    },
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const nextErrors = { email: emailError(email), password: newPasswordError(password) }
    setErrors(nextErrors)
    setTakenEmail(undefined)
    if (nextErrors.email || nextErrors.password) return
    signUp.mutate({ email: email.trim(), password })
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Create your account">
      {takenEmail && (
        <Alert tone="warning" title="This email already has an account">
          <Link to="/auth/sign-in" state={{ email: takenEmail }}>
            Sign in
          </Link>{' '}
          or <Link to="/auth/reset-password">reset your password</Link>.
        </Alert>
      )}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        autoFocus
      />
      <TextField
        label="Password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        revealable
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        hint={<PasswordHints password={password} />}
      />
      <Button type="submit" block loading={signUp.isPending}>
        Create account
      </Button>
    </form>
  )
}
