import type { Account } from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { useUpdateAccount } from '../api/account'
import styles from './account.module.css'

export function ProfileForm({ account }: { account: Account }) {
  const [name, setName] = useState(account.name ?? '')
  const [error, setError] = useState<string>()
  const update = useUpdateAccount({ errorMessage: 'Could not save your name because of an error' })
  const unchanged = name.trim() === (account.name ?? '')

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const trimmed = name.trim()
    if (trimmed === '') return setError('Enter your name.')
    if (trimmed.length > 120) return setError('Use at most 120 characters.')
    setError(undefined)
    update.mutate({ name: trimmed }, { onSuccess: () => toast.success('Your name was saved.') })
  }

  return (
    <div className={styles.stack}>
      <dl className={styles.details}>
        <dt>Email</dt>
        <dd>
          {account.email}
          {account.emailVerified ? <Badge color="green">Verified</Badge> : <Badge>Not verified</Badge>}
        </dd>
      </dl>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Your name">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
          error={error}
          hint="Shown to your teammates."
        />
        <div className={styles.actions}>
          <Button type="submit" loading={update.isPending} disabled={unchanged}>
            Save
          </Button>
        </div>
      </form>
    </div>
  )
}
