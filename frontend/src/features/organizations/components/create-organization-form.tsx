import { type FormEvent, useState } from 'react'
import { Button, ButtonLink } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { paths } from '../../../lib/paths'
import { useCreateOrganization, useSwitchOrganization } from '../api/organizations'
import styles from './organizations.module.css'

/** Creates the organization, then selects it and reloads into it like any organization switch. */
export function CreateOrganizationForm({ currentId }: { currentId: string | undefined }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const create = useCreateOrganization()
  const { switchTo, isPending: switching } = useSwitchOrganization()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const trimmed = name.trim()
    if (trimmed === '') return setError('Give the organization a name.')
    if (trimmed.length > 120) return setError('Use at most 120 characters.')
    setError(undefined)
    create.mutate({ name: trimmed }, { onSuccess: (organization) => switchTo(organization.id, currentId) })
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="New organization">
      <TextField
        label="Organization name"
        name="organization-name"
        autoComplete="organization"
        value={name}
        maxLength={120}
        onChange={(event) => setName(event.target.value)}
        error={error}
        hint="Usually your company or team. You can rename it later."
        autoFocus
      />
      <div className={styles.actions}>
        <Button type="submit" loading={create.isPending || switching || create.isSuccess}>
          Create organization
        </Button>
        <ButtonLink to={paths.dashboard()} variant="ghost">
          Cancel
        </ButtonLink>
      </div>
    </form>
  )
}
