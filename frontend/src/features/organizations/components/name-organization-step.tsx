import type { OrganizationSummary } from '@app/contracts'
import { useUpdateOrganization } from '../api/organizations'
import { organizationNameProblem, suggestedOrganizationName } from '../organization-display'
import { OrganizationNameForm } from './organization-name-form'

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
  const update = useUpdateOrganization(organization.id)

  return (
    <OrganizationNameForm
      label="Name your organization"
      initialName={suggestedOrganizationName(email)}
      hint="Your company or project: your team sees it, and so do recipients on the unsubscribe page."
      problem={organizationNameProblem}
      submitLabel="Save name"
      busy={update.isPending}
      onSave={(name) => update.mutate({ name })}
    />
  )
}
