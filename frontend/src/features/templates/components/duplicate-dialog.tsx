import type { OrganizationSummary } from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import dialogStyles from '../../../components/ui/dialog.module.css'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { useCopyTemplate } from '../api/templates'
import { actionCost } from '../template-actions'
import { copyName, templateNameProblem } from '../template-name'
import { ActionError, CostNote } from './action-error'
import styles from './templates.module.css'

interface DuplicateDialogProps {
  organization: OrganizationSummary
  template: { id: string; name: string } | undefined
  /** Names already in use, so the suggestion is free. */
  taken: ReadonlySet<string>
  onClose: () => void
}

/** 'Duplicate': asks the copy's name (SES-valid, unique), then copies the current version. */
export function DuplicateDialog({ organization, template, taken, onClose }: DuplicateDialogProps) {
  return (
    <Dialog open={template !== undefined} onClose={onClose} title={`Duplicate ${template?.name ?? ''}`}>
      {template && (
        <DuplicateForm organization={organization} template={template} taken={taken} onClose={onClose} />
      )}
    </Dialog>
  )
}

function DuplicateForm({
  organization,
  template,
  taken,
  onClose,
}: DuplicateDialogProps & { template: { id: string; name: string } }) {
  const [name, setName] = useState(() => copyName(template.name, taken))
  const [problem, setProblem] = useState<string>()
  const copy = useCopyTemplate()
  const cost = actionCost(organization, 1)
  const nameTaken = isApiError(copy.error, 'template.name_exists')

  function submit(event: FormEvent) {
    event.preventDefault()
    const why = templateNameProblem(name)
    setProblem(why)
    if (why) return
    copy.mutate(
      { id: template.id, newName: name },
      {
        onSuccess: (created) => {
          toast.success(`${template.name} was duplicated as ${created.name}.`, {
            action: { label: 'Open', to: paths.template(created.id) },
          })
          onClose()
        },
      },
    )
  }

  return (
    <form className={styles.dialogForm} onSubmit={submit} noValidate>
      <TextField
        label="Name of the copy"
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        error={problem ?? (nameTaken ? 'Another template has this name. Choose another.' : undefined)}
        hint="Letters, digits, _ and -, up to 64 (SES template names)."
      />
      <div className={dialogStyles.body}>
        <p>The copy starts at version 1 with this template’s current content, tags and sample data.</p>
        <CostNote cost={cost} />
      </div>
      {copy.error !== null && !nameTaken && (
        <ActionError error={copy.error} title="The template was not duplicated" />
      )}
      <div className={dialogStyles.footer}>
        <Button variant="secondary" onClick={onClose} disabled={copy.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={copy.isPending} disabled={cost?.enough === false}>
          Duplicate
        </Button>
      </div>
    </form>
  )
}
