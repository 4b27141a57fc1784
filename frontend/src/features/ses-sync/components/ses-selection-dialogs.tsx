import type { Job, OrganizationSummary } from '@app/contracts'
import type { UseMutationResult } from '@tanstack/react-query'
import { organizationName } from '../../organizations/organization-display'
import { CostNote } from '../../templates/components/action-error'
import type { SesTarget } from '../api/ses-sync'
import { importCost, publishLabel, type SelectionActions, toggled, tooManyText } from '../ses-sync-display'
import { SesActionDialog } from './ses-action-dialog'
import styles from './ses-sync.module.css'

// biome-ignore lint/suspicious/noExplicitAny: each mutation has its own variables
type StartMutation = UseMutationResult<Job, Error, any>

interface SesSelectionDialogsProps {
  organization: OrganizationSummary
  target: SesTarget
  actions: SelectionActions
  dialog: 'import' | 'publish' | 'delete' | undefined
  importing: StartMutation
  publishing: StartMutation
  deleting: StartMutation
  /** Publish: the changed-in-SES templates ticked to overwrite. */
  overwrite: ReadonlySet<string>
  onOverwrite: (ids: ReadonlySet<string>) => void
  onPublish: (templateIds: string[], overwriteTemplateIds: string[]) => void
  onStarted: (job: Job) => void
  onClose: () => void
}

/** The confirmations of the actions on the ticked rows: import, publish (over changes made in SES), delete. */
export function SesSelectionDialogs({
  organization,
  target,
  actions,
  dialog,
  importing,
  publishing,
  deleting,
  overwrite,
  onOverwrite,
  onPublish,
  onStarted,
  onClose,
}: SesSelectionDialogsProps) {
  return (
    <>
      <SesActionDialog
        open={dialog === 'import'}
        title={
          actions.importNames.length === 1
            ? `Import ${actions.importNames[0]}?`
            : `Import ${actions.importNames.length} SES templates?`
        }
        names={actions.importNames}
        confirmLabel="Import"
        pending={importing.isPending}
        error={importing.error}
        errorTitle="The import did not start"
        allowed={tooManyText(actions.importNames.length) === undefined}
        onConfirm={() =>
          importing.mutate({ target, templates: actions.importNames }, { onSuccess: onStarted })
        }
        onClose={onClose}
      >
        <p>
          Each becomes an HTML template in {organizationName(organization)} with the same name, subject, HTML
          and text, linked to its SES template and in sync. A name a template here already uses fails that
          import only; the others go on.
        </p>
        <CostNote cost={importCost(organization, actions.importNames.length)} />
      </SesActionDialog>
      <SesActionDialog
        open={dialog === 'publish'}
        title={
          actions.driftedNames.length === 1
            ? 'Overwrite the change made in SES?'
            : 'Overwrite the changes made in SES?'
        }
        names={[]}
        confirmLabel={publishLabel(actions.publishIds.length, actions.driftedIds, overwrite)}
        pending={publishing.isPending}
        error={publishing.error}
        errorTitle="Publishing did not start"
        allowed={actions.publishIds.length > actions.driftedIds.length || overwrite.size > 0}
        onConfirm={() =>
          onPublish(
            actions.publishIds,
            actions.driftedIds.filter((id) => overwrite.has(id)),
          )
        }
        onClose={onClose}
      >
        <p>
          Someone changed {actions.driftedNames.length === 1 ? 'this SES template' : 'these SES templates'}{' '}
          outside SES Studio after it was published. Tick the ones to overwrite with the template saved here
          (the change made in SES is lost); the others are skipped and keep SES's version. Review changes on a
          row first to compare them.
        </p>
        <fieldset className={styles.overwriteList}>
          <legend className="visually-hidden">Templates changed in SES</legend>
          {actions.driftedIds.map((id, index) => (
            <label key={id} className={styles.overwriteChoice}>
              <input
                type="checkbox"
                checked={overwrite.has(id)}
                onChange={() => onOverwrite(toggled(overwrite, id))}
              />
              Overwrite {actions.driftedNames[index]}
            </label>
          ))}
        </fieldset>
        {actions.publishIds.length > actions.driftedNames.length && (
          <p>
            The other {actions.publishIds.length - actions.driftedNames.length} selected are published too.
          </p>
        )}
      </SesActionDialog>
      <SesActionDialog
        open={dialog === 'delete'}
        title={
          actions.deleteIds.length === 1
            ? `Delete ${actions.names.delete[0]} from SES?`
            : `Delete ${actions.deleteIds.length} templates from SES?`
        }
        names={actions.names.delete}
        confirmLabel="Delete from SES"
        variant="danger"
        pending={deleting.isPending}
        error={deleting.error}
        errorTitle="Nothing was deleted"
        allowed={tooManyText(actions.deleteIds.length) === undefined}
        onConfirm={() =>
          deleting.mutate({ target, templateIds: actions.deleteIds }, { onSuccess: onStarted })
        }
        onClose={onClose}
      >
        <p>
          SES stops holding {actions.deleteIds.length === 1 ? 'it' : 'them'}: mail sent with{' '}
          {actions.deleteIds.length === 1 ? 'this template name' : 'these template names'} fails until you
          publish again. The templates stay in SES Studio, with their versions, under “Not in SES”.
        </p>
      </SesActionDialog>
    </>
  )
}
