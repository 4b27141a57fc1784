import type { OrganizationSummary } from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { usePermission } from '../../account/use-permission'
import { useUpdateOrganization } from '../api/organizations'
import styles from './organizations.module.css'

export function RenameOrganizationForm({ organization }: { organization: OrganizationSummary }) {
  const [name, setName] = useState(organization.name)
  const [error, setError] = useState<string>()
  const update = useUpdateOrganization(organization.id)
  const allowed = usePermission('organization.rename', organization.id)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const trimmed = name.trim()
    if (trimmed === '') return setError('Give the organization a name.')
    if (trimmed.length > 120) return setError('Use at most 120 characters.')
    setError(undefined)
    update.mutate({ name: trimmed }, { onSuccess: () => toast.success('Organization renamed.') })
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Rename organization">
      <TextField
        label="Organization name"
        name="organization-name"
        autoComplete="organization"
        value={name}
        maxLength={120}
        placeholder="New Organization"
        onChange={(event) => setName(event.target.value)}
        error={error}
        readOnly={!allowed}
        hint={allowed ? undefined : 'Only owners and admins can rename the organization.'}
      />
      {allowed && (
        <div className={styles.actions}>
          <Button type="submit" loading={update.isPending} disabled={name.trim() === organization.name}>
            Save
          </Button>
        </div>
      )}
    </form>
  )
}
