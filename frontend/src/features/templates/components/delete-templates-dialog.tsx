import type { OrganizationSummary } from '@app/contracts'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import dialogStyles from '../../../components/ui/dialog.module.css'
import { toast } from '../../../components/ui/toast-store'
import { useDeleteTemplates } from '../api/templates'
import { actionCost } from '../template-actions'
import { ActionError, CostNote } from './action-error'
import styles from './templates.module.css'

interface DeleteTemplatesDialogProps {
  organization: OrganizationSummary
  templates: readonly { id: string; name: string }[]
  open: boolean
  onClose: () => void
  onDeleted?: () => void
}

/** Delete one template or several, all or none; on START it says how many actions it takes first. */
export function DeleteTemplatesDialog({
  organization,
  templates,
  open,
  onClose,
  onDeleted,
}: DeleteTemplatesDialogProps) {
  const remove = useDeleteTemplates(organization.id)
  const count = templates.length
  const cost = actionCost(organization, count)
  const title = count === 1 ? `Delete ${templates[0]?.name}?` : `Delete ${count} templates?`
  const close = () => {
    remove.reset()
    onClose()
  }

  return (
    <Dialog open={open} onClose={close} title={title}>
      <form
        className={styles.dialogForm}
        onSubmit={(event) => {
          event.preventDefault()
          remove.mutate(
            templates.map((template) => template.id),
            {
              onSuccess: () => {
                toast.success(
                  count === 1 ? `${templates[0]?.name} was deleted.` : `${count} templates were deleted.`,
                )
                onDeleted?.()
                close()
              },
            },
          )
        }}
      >
        <div className={dialogStyles.body}>
          {count > 1 && (
            <ul>
              {templates.slice(0, 6).map((template) => (
                <li key={template.id}>{template.name}</li>
              ))}
              {count > 6 && <li>and {count - 6} more</li>}
            </ul>
          )}
          <p>
            {count === 1 ? 'The template and its' : 'The templates and their'} saved versions are deleted for
            everyone in the organization. Templates already published to SES stay there.
          </p>
          <CostNote cost={cost} />
        </div>
        {remove.error !== null && <ActionError error={remove.error} title="Nothing was deleted" />}
        <div className={dialogStyles.footer}>
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={remove.isPending} disabled={cost?.enough === false}>
            {count === 1 ? 'Delete template' : `Delete ${count} templates`}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
