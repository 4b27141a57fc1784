import type { OrganizationSummary } from '@app/contracts'
import { useNavigate } from 'react-router-dom'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast-store'
import { paths } from '../../../lib/paths'
import { useDeleteOrganization } from '../api/organizations'
import { organizationName } from '../organization-display'

export function DeleteOrganizationButton({ organization }: { organization: OrganizationSummary }) {
  const navigate = useNavigate()
  const remove = useDeleteOrganization(organization.id)
  const name = organizationName(organization)

  return (
    <ConfirmDialog
      triggerLabel="Delete organization"
      title={`Delete ${name}?`}
      confirmLabel="Delete organization"
      typedConfirmation={name}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            toast.success(`${name} was deleted.`)
            navigate(paths.dashboard(), { replace: true })
          },
        })
      }
    >
      <p>
        Everything the organization owns is deleted: its templates, contacts, campaigns and AWS account links.
        Members lose access at once.
      </p>
      <p>This cannot be undone.</p>
    </ConfirmDialog>
  )
}
