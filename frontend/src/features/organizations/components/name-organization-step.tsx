import type { OrganizationSummary } from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { useUpdateOrganization } from '../api/organizations'
import { organizationNameProblem, suggestedOrganizationName } from '../organization-display'
import styles from './organizations.module.css'

/**
 * The first step after sign-up: the new organization gets its name (shown to the team, and to recipients on the
 * unsubscribe page) before a plan is chosen for it. Saved through the same rename call as the settings page.
 */
export function NameOrganizationStep({
  organization,
  email,
}: {
  organization: OrganizationSummary
  email: string
}) {
  const [name, setName] = useState(() => suggestedOrganizationName(email))
  const [error, setError] = useState<string>()
  const update = useUpdateOrganization(organization.id)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problem = organizationNameProblem(name)
    setError(problem)
    if (!problem) update.mutate({ name: name.trim() })
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Name your organization">
      <TextField
        label="Organization name"
        name="organization-name"
        autoComplete="organization"
        value={name}
        maxLength={120}
        onChange={(event) => setName(event.target.value)}
        error={error}
        hint="Your company or project: your team sees it, and so do recipients on the unsubscribe page."
      />
      <div className={styles.actions}>
        <Button type="submit" loading={update.isPending}>
          Save name
        </Button>
      </div>
    </form>
  )
}
