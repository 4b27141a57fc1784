import type { OrganizationSummary, Template } from '@app/contracts'
import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { isApiError } from '../../../lib/api-error'
import { useTemplateBlocks } from '../../blocks/use-template-blocks'
import { ConflictDialog } from '../../email-editor/conflict-dialog'
import { editorIssues } from '../../email-editor/diagnostics'
import { LeaveGuard } from '../../email-editor/leave-guard'
import { useTemplatePreview } from '../../email-editor/use-template-preview'
import { ActionError, ActionsExhausted } from '../components/action-error'
import { TemplateSesBar } from '../ses/template-ses-bar'
import { actionsLeft } from '../template-actions'
import { dateTimeText } from '../template-display'
import type { VisualEditorHandle } from '../visual/visual-editor'
import { type EditorTab, EditPane, type InsertTarget } from './edit-pane'
import styles from './editor.module.css'
import { EditorHeader, type EditorView } from './editor-header'
import { HistoryPanel } from './history-panel'
import { PreviewPane } from './preview-pane'
import { SendTestDialog } from './send-test-dialog'
import { useLocalDraft } from './use-local-draft'
import { useTemplateSave } from './use-template-save'
import { changesFrom, hasChanges, parseSampleJson, type WorkingCopy, workingCopyOf } from './working-copy'

/** What the campaigns that sent the template counted, per version: its own chunk, loaded when opened. */
const PerformancePanel = lazy(() => import('./performance-panel'))

interface TemplateEditorProps {
  template: Template
  organization: OrganizationSummary
  accountEmail: string
  /** Shown under the header: why the editor was opened (a campaign's refused pre-flight) and the way back. */
  banner?: ReactNode
}

/**
 * `/app/templates/:id`: the code editor (HTML, MJML) or the visual block editor (VISUAL), with live preview,
 * checks, samples, history, performance per version and test sends.
 */
export function TemplateEditor({ template: base, organization, accountEmail, banner }: TemplateEditorProps) {
  const [copy, setCopy] = useState<WorkingCopy>(() => workingCopyOf(base))
  const [tab, setTab] = useState<EditorTab>('source')
  const [view, setView] = useState<EditorView>('edit')
  /** VISUAL below side-by-side width: the canvas or the preview. */
  const [show, setShow] = useState<'canvas' | 'preview'>('canvas')
  const [sampleIndex, setSampleIndex] = useState(0)
  const [target, setTarget] = useState<InsertTarget>('source')
  const [sending, setSending] = useState(false)
  const visualRef = useRef<VisualEditorHandle>(null)
  const draft = useLocalDraft(base, copy)
  const { save, submit, conflict, dismissConflict, reload, overwrite } = useTemplateSave({
    base,
    copy,
    setCopy,
    clearDraft: draft.clear,
    onProblemTab: setTab,
  })
  const changes = useMemo(() => changesFrom(base, copy), [base, copy])
  const dirty = hasChanges(changes)

  const set = sampleIndex < copy.sampleSets.length ? copy.sampleSets[sampleIndex] : undefined
  const sample = useMemo(() => (set ? parseSampleJson(set.json) : undefined), [set])
  const lastGoodSample = useRef<Record<string, unknown>>({})
  if (sample?.ok) lastGoodSample.current = sample.data
  const sampleData = sample === undefined ? {} : sample.ok ? sample.data : lastGoodSample.current

  const reusableBlocks = useTemplateBlocks(organization, copy.editorType, copy.source)
  const preview = useTemplatePreview({
    blocks: reusableBlocks.loaded,
    editorType: copy.editorType,
    source: copy.source,
    subject: copy.subject,
    textMode: copy.textMode,
    customText: copy.customText,
    sampleData,
    organizationName: organization.name,
  })
  const output = preview.output
  const issues = useMemo(() => editorIssues(output?.findings ?? []), [output])
  const serverIssues = isApiError(save.error, 'template.invalid') ? (save.error.details.issues ?? []) : []

  const update = (patch: Partial<WorkingCopy>) => setCopy((current) => ({ ...current, ...patch }))

  const left = actionsLeft(organization)
  const exhausted = isApiError(save.error, 'plan.actions_exhausted')
  return (
    <div className={styles.page} data-page-width="wide">
      <EditorHeader
        base={base}
        copy={copy}
        organization={organization}
        dirty={dirty}
        draftStatus={draft.status}
        saving={save.isPending}
        view={view}
        onView={setView}
        onSendTest={() => setSending(true)}
        onSave={() => submit()}
      />

      {banner}

      <TemplateSesBar template={base} dirty={dirty} />

      {draft.offer && (
        <Alert
          tone="info"
          title="You have unsaved changes from an earlier visit"
          actions={
            <>
              <Button
                size="small"
                onClick={() => {
                  const offered = draft.offer
                  if (!offered) return
                  setCopy(offered.copy)
                  draft.accept()
                  setView('edit')
                }}
              >
                Restore draft
              </Button>
              <Button size="small" variant="secondary" onClick={draft.discard}>
                Discard
              </Button>
            </>
          }
        >
          Kept in this browser on {dateTimeText(draft.offer.savedAt)}, from version {draft.offer.version}
          {draft.offer.version !== base.version
            ? `. The template is at version ${base.version} now: restoring puts your draft on top of it, and saving replaces what changed since.`
            : '.'}
        </Alert>
      )}

      {(exhausted || (left !== null && left < 1)) && <ActionsExhausted refused={exhausted} />}
      {save.error !== null && !exhausted && !isApiError(save.error, 'version.conflict') && (
        <div className={styles.saveError}>
          <ActionError error={save.error} title="The template was not saved" />
          {serverIssues.length > 0 && (
            <ul className={styles.serverIssues}>
              {serverIssues.map((issue, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the server's list, shown as sent
                <li key={index}>
                  {issue.blockId && copy.editorType === 'VISUAL' ? (
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => {
                        const blockId = issue.blockId as string
                        setView('edit')
                        setShow('canvas')
                        setTab('source')
                        requestAnimationFrame(() => visualRef.current?.select(blockId))
                      }}
                    >
                      Block {issue.blockId}
                    </button>
                  ) : issue.line ? (
                    `Line ${issue.line}`
                  ) : issue.path ? (
                    issue.path
                  ) : null}
                  {issue.blockId || issue.line || issue.path ? ': ' : ''}
                  {issue.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {view === 'performance' ? (
        <Suspense fallback={<LoadingLines lines={6} label="Loading the template’s performance" />}>
          <PerformancePanel template={base} organization={organization} />
        </Suspense>
      ) : view === 'history' ? (
        <HistoryPanel
          template={base}
          organization={organization}
          dirty={dirty}
          onRestored={(restored) => {
            setCopy(workingCopyOf(restored))
            setView('edit')
          }}
        />
      ) : (
        <div className={styles.workspaceFrame}>
          {copy.editorType === 'VISUAL' && (
            <div className={styles.viewSwitch}>
              <ToggleButtons
                label="Show the canvas or the preview"
                options={[
                  { value: 'canvas', label: 'Canvas' },
                  { value: 'preview', label: 'Preview' },
                ]}
                value={show}
                onChange={setShow}
              />
              <span className={styles.muted}>
                {show === 'canvas'
                  ? 'Drag blocks in and click one to change it.'
                  : 'The email as SES renders it with the sample data.'}
              </span>
            </div>
          )}
          <div
            className={`${styles.workspace} ${copy.editorType === 'VISUAL' ? styles.workspaceVisual : ''}`}
            data-show={show}
          >
            <EditPane
              base={base}
              copy={copy}
              onChange={update}
              problems={changes.problems}
              output={output}
              issues={issues}
              sampleIndex={sampleIndex}
              onSampleIndex={setSampleIndex}
              sampleData={sampleData}
              sampleName={set?.name}
              tab={tab}
              onTab={setTab}
              target={target}
              onTarget={setTarget}
              visualRef={visualRef}
              reusableBlocks={reusableBlocks}
            />

            <PreviewPane
              output={output}
              lastGood={preview.lastGood}
              pending={preview.pending}
              failure={preview.error}
              sets={copy.sampleSets}
              selected={sampleIndex}
              onSelect={setSampleIndex}
              sampleProblem={sample && !sample.ok ? sample.message : undefined}
              onEditSamples={() => {
                setShow('canvas')
                setTab('samples')
              }}
            />
          </div>
        </div>
      )}

      <SendTestDialog
        open={sending}
        onClose={() => setSending(false)}
        copy={copy}
        organizationId={organization.id}
        defaultTo={accountEmail}
        selected={sampleIndex}
        compiled={output ? { html: output.html, textPart: output.textPart } : undefined}
      />
      <ConflictDialog
        currentVersion={conflict}
        editedVersion={base.version}
        onClose={dismissConflict}
        onReload={reload}
        onOverwrite={overwrite}
        pending={save.isPending}
      />
      <LeaveGuard dirty={dirty && !save.isPending} />
    </div>
  )
}
