import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { isApiError } from '../../../lib/api-error'
import { type Credentials, signInWithPassword } from '../api/session'
import { signInErrorMessage } from '../auth-errors'
import styles from './auth-forms.module.css'
import { emailError } from './validation'

interface SignInFormProps {
  initialEmail?: string
  /** Runs once signed in (ensure the account, go to the callback); its failure shows like a sign-in failure. */
  afterSignIn: () => Promise<void>
}

export function SignInForm({ initialEmail = '', afterSignIn }: SignInFormProps) {
  const [email, setEmail] = useState(initialEmail)
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({})

  const signIn = useMutation({
    mutationFn: async (credentials: Credentials) => {
      await signInWithPassword(credentials)
      await afterSignIn()
    },
    meta: { handlesErrors: true },
    onError: (error) => {
      toast.danger(isApiError(error) ? error.message : signInErrorMessage(error))
    },
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const nextErrors = {
      email: emailError(email),
      password: password === '' ? 'Enter your password.' : undefined,
    }
    setErrors(nextErrors)
    if (nextErrors.email || nextErrors.password) return
    signIn.mutate({ email: email.trim(), password })
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Sign in">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        autoFocus={initialEmail === ''}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        revealable
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        autoFocus={initialEmail !== ''}
        labelAside={
          <Link className={styles.aside} to="/auth/reset-password">
            Forgot password?
          </Link>
        }
      />
      <Button type="submit" block loading={signIn.isPending}>
        Sign in
      </Button>
    </form>
  )
}
