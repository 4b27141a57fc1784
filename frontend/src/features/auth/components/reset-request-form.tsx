import { PASSWORD_RESET_TTL_SECONDS } from '@app/contracts'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { requestPasswordReset } from '../api/auth-links'
import styles from './auth-forms.module.css'
import { emailError } from './validation'

/** Asks our API for a reset link; the answer is the same whether or not the address has an account. */
export function ResetRequestForm() {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const request = useMutation({
    mutationFn: (address: string) => requestPasswordReset(address),
    meta: { errorMessage: 'Could not send the reset link because of an error' },
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problem = emailError(email)
    setError(problem)
    if (!problem) request.mutate(email.trim())
  }

  if (request.isSuccess) {
    return (
      <div className={styles.stack}>
        <Alert tone="success" title="Check your inbox" role="status">
          If an account exists for <strong>{request.variables}</strong>, we sent a link to reset its password.
          The link works for {Math.round(PASSWORD_RESET_TTL_SECONDS / 60)} minutes.
        </Alert>
        <Button variant="secondary" block onClick={() => request.reset()}>
          Use a different email
        </Button>
      </div>
    )
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Request a password reset link">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
        autoFocus
      />
      <Button type="submit" block loading={request.isPending}>
        Send reset link
      </Button>
    </form>
  )
}
