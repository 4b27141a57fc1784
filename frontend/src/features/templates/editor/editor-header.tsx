import type { OrganizationSummary, Template } from '@app/contracts'
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
        <p className={styles.status} aria-live="polite">
          Version {base.version}, saved {dateTimeText(base.updatedAt)} by {base.updatedBy.email}
          {' · '}
          <SaveState dirty={dirty} draft={draftStatus} pending={saving} />
        </p>
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

function SaveState({ dirty, draft, pending }: { dirty: boolean; draft: string; pending: boolean }) {
  if (pending) return <span>Saving…</span>
  if (!dirty) return <span className={styles.saved}>No unsaved changes</span>
  if (draft === 'kept')
    return <span className={styles.unsaved}>Unsaved changes (draft kept in this browser)</span>
  if (draft === 'refused')
    return <span className={styles.unsaved}>Unsaved changes (this browser did not keep a draft)</span>
  if (draft === 'waiting')
    return (
      <span className={styles.unsaved}>Unsaved changes (restore or discard the earlier draft first)</span>
    )
  return <span className={styles.unsaved}>Unsaved changes</span>
}
