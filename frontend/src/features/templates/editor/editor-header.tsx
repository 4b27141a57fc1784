import type { OrganizationSummary, Template } from '@app/contracts'
import { principalName } from '@app/contracts'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { paths } from '../../../lib/paths'
import { costHint, labelWithCost } from '../template-actions'
import { dateTimeText, EDITOR_LABELS } from '../template-display'
import styles from './editor.module.css'
import type { DraftStatus } from './use-local-draft'
import type { WorkingCopy } from './working-copy'

export type EditorView = 'edit' | 'history' | 'performance'

interface EditorHeaderProps {
  base: Template
  copy: WorkingCopy
  organization: OrganizationSummary
  dirty: boolean
  draftStatus: DraftStatus
  saving: boolean
  view: EditorView
  onView: (view: EditorView) => void
  onSendTest: () => void
  onSave: () => void
}

/** The page bar: the template's name and save state, Edit/History/Performance, Send test and Save. */
export function EditorHeader({
  base,
  copy,
  organization,
  dirty,
  draftStatus,
  saving,
  view,
  onView,
  onSendTest,
  onSave,
}: EditorHeaderProps) {
  return (
    <header className={styles.bar}>
      <div className={styles.titleBlock}>
        <Link to={paths.templates()} className={styles.back}>
          ← All templates
        </Link>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{copy.name || base.name}</h1>
          <Badge>{EDITOR_LABELS[copy.editorType]}</Badge>
        </div>
        <p className={styles.status}>
          Version {base.version}, saved {dateTimeText(base.updatedAt)} by {principalName(base.updatedBy)}
        </p>
        <SaveState dirty={dirty} draft={draftStatus} pending={saving} />
      </div>
      <div className={styles.actions}>
        <ToggleButtons
          label="Editor, history or performance"
          options={[
            { value: 'edit', label: 'Edit' },
            { value: 'history', label: 'History' },
            { value: 'performance', label: 'Performance' },
          ]}
          value={view}
          onChange={onView}
        />
        <Button variant="secondary" onClick={onSendTest}>
          Send test
        </Button>
        <Button onClick={onSave} loading={saving} disabled={!dirty && !saving} title={costHint(organization)}>
          {labelWithCost('Save', organization)}
        </Button>
      </div>
    </header>
  )
}

/**
 * One line whatever it says (the whole sentence in its title): the first keystroke must not push the editor down
 * under a pointer that is about to click.
 */
function SaveState({ dirty, draft, pending }: { dirty: boolean; draft: string; pending: boolean }) {
  const [text, tone] = pending
    ? ['Saving…', undefined]
    : !dirty
      ? ['No unsaved changes', styles.saved]
      : draft === 'kept'
        ? ['Unsaved changes · draft kept in this browser', styles.unsaved]
        : draft === 'refused'
          ? ['Unsaved changes · this browser did not keep a draft', styles.unsaved]
          : draft === 'waiting'
            ? ['Unsaved changes · restore or discard the earlier draft first', styles.unsaved]
            : ['Unsaved changes', styles.unsaved]
  return (
    <p
      className={[styles.status, styles.saveState, tone].filter(Boolean).join(' ')}
      title={text}
      aria-live="polite"
    >
      {text}
    </p>
  )
}
