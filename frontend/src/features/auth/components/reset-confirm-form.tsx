import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { confirmPasswordReset } from '../api/auth-links'
import styles from './auth-forms.module.css'
import { PasswordHints } from './password-hints'
import { newPasswordError } from './validation'

export function InvalidResetLink() {
  return (
    <div className={styles.stack}>
      <Alert tone="danger" title="This reset link is invalid or has expired">
        Reset links work once, for a limited time. Ask for a new one and use the latest email.
      </Alert>
      <ButtonLink to="/auth/reset-password" block>
        Request a new link
      </ButtonLink>
    </div>
  )
}

/** Sets the new password with the token from the link; `onDone` runs after success. */
export function ResetConfirmForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const confirm = useMutation({
    mutationFn: (newPassword: string) => confirmPasswordReset({ token, password: newPassword }),
    meta: { handlesErrors: true },
    onSuccess: onDone,
    onError: (failure) => {
      // The password itself was refused: say so at the field. An invalid link replaces the form (below).
      if (isApiError(failure, 'request.invalid') || isApiError(failure, 'auth.password_policy')) {
        setError(failure.message)
      } else if (!isApiError(failure, 'auth.invalid_token')) {
        toast.danger(errorMessage(failure, 'Could not change the password because of an error'))
      }
    },
  })

  if (isApiError(confirm.error, 'auth.invalid_token')) return <InvalidResetLink />

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problem = newPasswordError(password)
    setError(problem)
    if (!problem) confirm.mutate(password)
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Choose a new password">
      <TextField
        label="New password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        revealable
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error}
        hint={<PasswordHints password={password} />}
        autoFocus
      />
      <Button type="submit" block loading={confirm.isPending}>
        Set new password
      </Button>
    </form>
  )
}
