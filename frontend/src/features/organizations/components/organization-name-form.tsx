import { type FormEvent, type ReactNode, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import styles from './organizations.module.css'

/** The organization-name form of the new-organization page and of the first onboarding step. */
export function OrganizationNameForm({
  label,
  initialName = '',
  hint,
  problem,
  submitLabel,
  busy,
  onSave,
  autoFocus,
  secondaryAction,
}: {
  label: string
  initialName?: string
  hint: string
  problem: (name: string) => string | undefined
  submitLabel: string
  busy: boolean
  onSave: (trimmedName: string) => void
  autoFocus?: boolean
  secondaryAction?: ReactNode
}) {
  const [name, setName] = useState(initialName)
  const [error, setError] = useState<string>()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = problem(name)
    setError(found)
    if (!found) onSave(name.trim())
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={label}>
      <TextField
        label="Organization name"
        name="organization-name"
        autoComplete="organization"
        value={name}
        maxLength={120}
        onChange={(event) => setName(event.target.value)}
        error={error}
        hint={hint}
        autoFocus={autoFocus}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        {secondaryAction}
      </div>
    </form>
  )
}
