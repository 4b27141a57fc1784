import type { Template } from '@app/contracts'
import { TextField } from '../../../components/ui/text-field'
import { dateTimeText, EDITOR_LABELS } from '../template-display'
import styles from './editor.module.css'
import type { Changes, WorkingCopy } from './working-copy'

/** The details tab: the SES name, the tags and the template's fixed facts. */
export function DetailsPanel({
  copy,
  onChange,
  problems,
  base,
}: {
  copy: WorkingCopy
  onChange: (patch: Partial<WorkingCopy>) => void
  problems: Changes['problems']
  base: Template
}) {
  return (
    <div className={styles.details}>
      <TextField
        label="Name"
        value={copy.name}
        onChange={(event) => onChange({ name: event.target.value })}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        error={problems.name}
        hint="The SES template name: letters, digits, _ and -, up to 64."
      />
      <TextField
        label="Tags"
        value={copy.tags}
        onChange={(event) => onChange({ tags: event.target.value })}
        autoComplete="off"
        error={problems.tags}
        hint="Separated by commas, to filter the list: onboarding, billing"
      />
      <dl className={styles.facts}>
        <dt>Editor</dt>
        <dd>{EDITOR_LABELS[base.editorType]}</dd>
        <dt>Created</dt>
        <dd>{dateTimeText(base.createdAt)}</dd>
        <dt>Id</dt>
        <dd>
          <code>{base.id}</code>
        </dd>
      </dl>
    </div>
  )
}
