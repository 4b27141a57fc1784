import { ButtonLink } from '../../../components/ui/button'
import { paths } from '../../../lib/paths'
import { useCreateOrganization, useSwitchOrganization } from '../api/organizations'
import { OrganizationNameForm } from './organization-name-form'

function nameProblem(name: string): string | undefined {
  const trimmed = name.trim()
  if (trimmed === '') return 'Give the organization a name.'
  if (trimmed.length > 120) return 'Use at most 120 characters.'
  return undefined
}

/** Creates the organization, then selects it and reloads into it like any organization switch. */
export function CreateOrganizationForm({ currentId }: { currentId: string | undefined }) {
  const create = useCreateOrganization()
  const { switchTo, isPending: switching } = useSwitchOrganization()

  return (
    <OrganizationNameForm
      label="New organization"
      hint="Usually your company or team. You can rename it later."
      problem={nameProblem}
      submitLabel="Create organization"
      busy={create.isPending || switching || create.isSuccess}
      onSave={(name) =>
        create.mutate({ name }, { onSuccess: (organization) => switchTo(organization.id, currentId) })
      }
      autoFocus
      secondaryAction={
        <ButtonLink to={paths.dashboard()} variant="ghost">
          Cancel
        </ButtonLink>
      }
    />
  )
}
