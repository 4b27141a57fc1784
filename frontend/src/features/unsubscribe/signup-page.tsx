import { SIGNUP_HONEYPOT_FIELD } from '@app/contracts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { TextField } from '../../components/ui/text-field'
import { errorMessage, isApiError } from '../../lib/api-error'
import { signUp, signupQueries } from './api/signup'
import styles from './components/preferences.module.css'

/** What the embedded form's redirect says (`?result=`), and what the hosted form learns from the answer. */
const RESULTS = {
  sent: {
    tone: 'success',
    title: 'Check your inbox',
    text: 'Open the link we sent to confirm your subscription.',
  },
  subscribed: { tone: 'success', title: 'You are subscribed', text: 'Thank you for signing up.' },
  invalid: { tone: 'danger', title: 'That address does not look right', text: 'Check it and try again.' },
  limited: { tone: 'danger', title: 'Too many signups', text: 'Please try again in a little while.' },
} as const
type Result = keyof typeof RESULTS

function Form({ organizationId, topicId }: { organizationId: string; topicId: string }) {
  const form = useQuery(signupQueries.form(organizationId, topicId))
  const [searchParams] = useSearchParams()
  const redirected = searchParams.get('result')
  const [result, setResult] = useState<Result | undefined>(
    redirected && redirected in RESULTS ? (redirected as Result) : undefined,
  )
  const [email, setEmail] = useState('')
  const [firstName, setFirstName] = useState('')
  const [trap, setTrap] = useState('')
  const submit = useMutation({
    mutationFn: () =>
      signUp({
        organizationId,
        topicId,
        email,
        ...(firstName ? { firstName } : {}),
        [SIGNUP_HONEYPOT_FIELD]: trap,
      }),
    onSuccess: (answer) => setResult(answer.confirmationRequired ? 'sent' : 'subscribed'),
  })
  useEffect(() => {
    if (form.data) document.title = `Subscribe to ${form.data.topic.name}`
  }, [form.data])

  if (form.isPending)
    return (
      <div className={styles.center} role="status" aria-label="Loading the form">
        <Spinner />
      </div>
    )
  if (form.isError)
    return (
      <Alert tone="danger" role="alert" title="This signup form does not exist">
        {isApiError(form.error, 'signup.topic_not_found')
          ? 'The list may have been removed. Ask its owner for a new link.'
          : errorMessage(form.error)}
      </Alert>
    )
  const { organizationName, topic } = form.data
  const shown = result ? RESULTS[result] : undefined
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit.mutate()
  }
  return (
    <>
      <header className={styles.header}>
        <h1 id="signup-title">{topic.name}</h1>
        {organizationName && (
          <p className={styles.muted}>
            Emails from <strong>{organizationName}</strong>
          </p>
        )}
        {topic.description && <p>{topic.description}</p>}
      </header>
      {shown && (
        <Alert tone={shown.tone} role="status" title={shown.title}>
          {shown.text}
        </Alert>
      )}
      {submit.isError && (
        <Alert tone="danger" role="alert" title="Could not sign you up">
          {errorMessage(submit.error)}
        </Alert>
      )}
      {(!result || result === 'invalid' || result === 'limited') && (
        <form onSubmit={onSubmit} className={styles.form}>
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label="First name (optional)"
            autoComplete="given-name"
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
          />
          <div style={{ position: 'absolute', left: -10_000 }} aria-hidden="true">
            <input
              type="text"
              name={SIGNUP_HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              value={trap}
              onChange={(event) => setTrap(event.target.value)}
            />
          </div>
          <Button type="submit" loading={submit.isPending} block>
            Subscribe
          </Button>
          {topic.doubleOptIn && (
            <p className={styles.muted}>We will email you a link to confirm before anything else is sent.</p>
          )}
        </form>
      )}
    </>
  )
}

/** `/subscribe/:organizationId/:topicId`: a topic's hosted signup page (public, centred layout). */
export function SignupPage() {
  const { organizationId = '', topicId = '' } = useParams()
  return (
    <section className={styles.card} aria-labelledby="signup-title">
      <Form organizationId={organizationId} topicId={topicId} />
    </section>
  )
}

/** `/subscribe/confirm?…`: the mailed confirmation link; opening it is the confirmation. */
export function SignupConfirmPage() {
  const [searchParams] = useSearchParams()
  const confirmation = useQuery(signupQueries.confirmation(searchParams.toString()))
  useEffect(() => {
    document.title = 'Confirm your subscription'
  }, [])
  return (
    <section className={styles.card} aria-labelledby="confirm-title">
      <header className={styles.header}>
        <h1 id="confirm-title">Confirm your subscription</h1>
      </header>
      {confirmation.isPending ? (
        <div className={styles.center} role="status" aria-label="Confirming">
          <Spinner />
        </div>
      ) : confirmation.isError ? (
        <Alert tone="danger" role="alert" title="This link is not valid">
          {isApiError(confirmation.error, 'unsubscribe.contact_gone') ||
          isApiError(confirmation.error, 'signup.topic_not_found')
            ? 'This signup no longer exists. Sign up again from the form.'
            : 'Open the confirmation link from the latest email you received, exactly as it is.'}
        </Alert>
      ) : (
        <Alert tone="success" role="status" title="You are subscribed">
          You will get {confirmation.data.topicName} emails
          {confirmation.data.organizationName ? ` from ${confirmation.data.organizationName}` : ''}.
        </Alert>
      )}
    </section>
  )
}
