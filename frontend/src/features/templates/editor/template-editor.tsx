import type { OrganizationSummary, Template } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { type RefObject, useId, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { isApiError } from '../../../lib/api-error'
import { templateQueries, useUpdateTemplate } from '../api/templates'
import { ActionError, ActionsExhausted } from '../components/action-error'
import { useTemplatePreview } from '../preview/use-template-preview'
import { actionsLeft, labelWithCost } from '../template-actions'
import { dateTimeText, EDITOR_LABELS } from '../template-display'
import { CodeEditor, type CodeEditorHandle } from './code-editor'
import { ConflictDialog } from './conflict-dialog'
import { type EditorIssue, editorIssues, issuesOf } from './diagnostics'
import styles from './editor.module.css'
import { HistoryPanel } from './history-panel'
import { LeaveGuard } from './leave-guard'
import { LintPanel } from './lint-panel'
import { PreviewPane } from './preview-pane'
import { SampleDataPanel } from './sample-data-panel'
import { SendTestDialog } from './send-test-dialog'
import { useLocalDraft } from './use-local-draft'
import { VariablePicker } from './variable-picker'
import {
  type Changes,
  changesFrom,
  hasChanges,
  parseSampleJson,
  type WorkingCopy,
  workingCopyOf,
} from './working-copy'

type Tab = 'source' | 'text' | 'samples' | 'details'
type View = 'edit' | 'history'
/** Where a picked variable goes: the last place the author was typing. */
type InsertTarget = 'source' | 'subject' | 'text'

interface TemplateEditorProps {
  template: Template
  organization: OrganizationSummary
  accountEmail: string
}

/** `/app/templates/:id`: the code editor with live preview, checks, samples, history and test sends. */
export function TemplateEditor({ template: base, organization, accountEmail }: TemplateEditorProps) {
  const queryClient = useQueryClient()
  const [copy, setCopy] = useState<WorkingCopy>(() => workingCopyOf(base))
  const [tab, setTab] = useState<Tab>('source')
  const [view, setView] = useState<View>('edit')
  const [sampleIndex, setSampleIndex] = useState(0)
  const [target, setTarget] = useState<InsertTarget>('source')
  const [sending, setSending] = useState(false)
  const [conflict, setConflict] = useState<number | 'unknown'>()
  const sourceEditor = useRef<CodeEditorHandle>(null)
  const textEditor = useRef<CodeEditorHandle>(null)
  const subjectInput = useRef<HTMLInputElement>(null)
  const tabsId = useId()
  const save = useUpdateTemplate(base.id)
  const draft = useLocalDraft(base, copy)
  const changes = useMemo(() => changesFrom(base, copy), [base, copy])
  const dirty = hasChanges(changes)

  const set = sampleIndex < copy.sampleSets.length ? copy.sampleSets[sampleIndex] : undefined
  const sample = useMemo(() => (set ? parseSampleJson(set.json) : undefined), [set])
  const lastGoodSample = useRef<Record<string, unknown>>({})
  if (sample?.ok) lastGoodSample.current = sample.data
  const sampleData = sample === undefined ? {} : sample.ok ? sample.data : lastGoodSample.current

  const preview = useTemplatePreview({
    editorType: copy.editorType,
    source: copy.source,
    subject: copy.subject,
    textMode: copy.textMode,
    customText: copy.customText,
    sampleData,
  })
  const output = preview.output
  const issues = useMemo(() => editorIssues(output?.findings ?? []), [output])
  const sourceIssues = useMemo(() => lineIssues(issuesOf(issues, 'html')), [issues])
  const textIssues = useMemo(() => lineIssues(issuesOf(issues, 'text')), [issues])
  const subjectIssues = issuesOf(issues, 'subject')
  const blocking = issues.filter((issue) => issue.severity === 'error')
  const serverIssues = isApiError(save.error, 'template.invalid') ? (save.error.details.issues ?? []) : []

  const update = (patch: Partial<WorkingCopy>) => setCopy((current) => ({ ...current, ...patch }))
  const sourceLabel = copy.editorType === 'MJML' ? 'MJML' : 'HTML'

  function submit(onto: Template = base) {
    const next = changesFrom(onto, copy)
    const problem = firstProblem(next)
    if (problem) {
      toast.warning(problem.message)
      if (problem.tab) setTab(problem.tab)
      return
    }
    if (Object.keys(next.body).length === 0) {
      toast.info('Nothing to save: this is the saved version.')
      return
    }
    const submitted = copy
    save.mutate(
      { version: onto.version, ...next.body },
      {
        onSuccess: (saved) => {
          draft.clear(saved.id)
          setConflict(undefined)
          // Typing during the save carries on from the new version; otherwise start clean from it.
          setCopy((current) => (current === submitted ? workingCopyOf(saved) : current))
          toast.success(`Saved as version ${saved.version}.`)
        },
        onError: (error) => {
          if (isApiError(error, 'version.conflict')) setConflict(error.details.currentVersion ?? 'unknown')
        },
      },
    )
  }

  async function latestVersion(): Promise<Template> {
    await queryClient.invalidateQueries({ queryKey: templateQueries.detail(base.id).queryKey })
    return queryClient.fetchQuery({ ...templateQueries.detail(base.id), staleTime: 0 })
  }

  function insertVariable(text: string) {
    if (target === 'subject' && subjectInput.current) {
      const input = subjectInput.current
      const start = input.selectionStart ?? copy.subject.length
      const end = input.selectionEnd ?? start
      update({ subject: copy.subject.slice(0, start) + text + copy.subject.slice(end) })
      requestAnimationFrame(() => {
        input.focus()
        input.setSelectionRange(start + text.length, start + text.length)
      })
      return
    }
    if (target === 'text' && copy.textMode === 'custom') {
      setTab('text')
      requestAnimationFrame(() => textEditor.current?.insert(text))
      return
    }
    setTab('source')
    requestAnimationFrame(() => sourceEditor.current?.insert(text))
  }

  function goToIssue(issue: EditorIssue) {
    if (issue.part === 'subject') {
      subjectInput.current?.focus()
      return
    }
    const isText = issue.part === 'text'
    setTab(isText ? 'text' : 'source')
    if (issue.line === undefined) return
    const line = issue.line
    requestAnimationFrame(() => (isText ? textEditor : sourceEditor).current?.goTo(line, issue.column))
  }

  if (base.editorType === 'VISUAL') {
    return (
      <div className={styles.page}>
        <Link to="/app/templates" className={styles.back}>
          ← All templates
        </Link>
        <h1>{base.name}</h1>
        <Alert tone="info" title="This template uses the visual editor">
          The visual (drag-and-drop) editor arrives in the next release of SES Studio. The template is safe:
          it keeps its content and versions.
        </Alert>
      </div>
    )
  }

  const left = actionsLeft(organization)
  const exhausted = isApiError(save.error, 'plan.actions_exhausted')
  return (
    <div className={styles.page} data-page-width="wide">
      <header className={styles.bar}>
        <div className={styles.titleBlock}>
          <Link to="/app/templates" className={styles.back}>
            ← All templates
          </Link>
          <div className={styles.titleRow}>
            <h1 className={styles.title}>{copy.name || base.name}</h1>
            <Badge>{EDITOR_LABELS[copy.editorType]}</Badge>
          </div>
          <p className={styles.status} aria-live="polite">
            Version {base.version}, saved {dateTimeText(base.updatedAt)} by {base.updatedBy.email}
            {' · '}
            <SaveState dirty={dirty} draft={draft.status} pending={save.isPending} />
          </p>
        </div>
        <div className={styles.actions}>
          <ToggleButtons
            label="Editor or history"
            options={[
              { value: 'edit', label: 'Edit' },
              { value: 'history', label: 'History' },
            ]}
            value={view}
            onChange={setView}
          />
          <Button variant="secondary" onClick={() => setSending(true)}>
            Send test
          </Button>
          <Button onClick={() => submit()} loading={save.isPending} disabled={!dirty && !save.isPending}>
            {labelWithCost('Save', organization)}
          </Button>
        </div>
      </header>

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
                  {issue.line ? `Line ${issue.line}: ` : ''}
                  {issue.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {view === 'history' ? (
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
        <div className={styles.workspace}>
          <section className={styles.editPane} aria-label="Edit the template">
            <div>
              <TextField
                ref={subjectInput}
                label="Subject"
                value={copy.subject}
                onChange={(event) => update({ subject: event.target.value })}
                onFocus={() => setTarget('subject')}
                autoComplete="off"
                spellCheck
                error={
                  changes.problems.subject ??
                  subjectIssues.find((issue) => issue.severity === 'error')?.message
                }
                hint="Variables work here too: Welcome, {{firstName}}!"
              />
            </div>

            <div className={styles.tabs} role="tablist" aria-label="Template parts">
              {(
                [
                  ['source', sourceLabel],
                  ['text', 'Plain text'],
                  ['samples', 'Sample data'],
                  ['details', 'Details'],
                ] as const
              ).map(([id, label]) => (
                <button
                  key={id}
                  type="button"
                  role="tab"
                  id={`${tabsId}-${id}`}
                  aria-selected={tab === id}
                  aria-controls={`${tabsId}-${id}-panel`}
                  className={styles.tab}
                  onClick={() => setTab(id)}
                >
                  {label}
                  {id === 'source' && sourceIssues.some((issue) => issue.severity === 'error') && (
                    <>
                      <span className={styles.tabDot} />
                      <span className="visually-hidden"> (has errors)</span>
                    </>
                  )}
                  {id === 'samples' && changes.problems.sampleData && (
                    <>
                      <span className={styles.tabDot} />
                      <span className="visually-hidden"> (has errors)</span>
                    </>
                  )}
                </button>
              ))}
            </div>

            <div
              role="tabpanel"
              id={`${tabsId}-source-panel`}
              aria-labelledby={`${tabsId}-source`}
              hidden={tab !== 'source'}
              className={styles.panel}
            >
              <CodeEditor
                ref={sourceEditor}
                value={copy.source}
                onChange={(source) => update({ source })}
                onFocus={() => setTarget('source')}
                language={copy.editorType === 'MJML' ? 'mjml' : 'html'}
                label={`${sourceLabel} source`}
                issues={sourceIssues}
              />
            </div>
            <div
              role="tabpanel"
              id={`${tabsId}-text-panel`}
              aria-labelledby={`${tabsId}-text`}
              hidden={tab !== 'text'}
              className={styles.panel}
            >
              <TextPart
                copy={copy}
                generated={output?.textPart}
                onChange={update}
                problem={changes.problems.text}
                editor={textEditor}
                issues={textIssues}
                onFocus={() => setTarget('text')}
              />
            </div>
            <div
              role="tabpanel"
              id={`${tabsId}-samples-panel`}
              aria-labelledby={`${tabsId}-samples`}
              hidden={tab !== 'samples'}
              className={styles.panel}
            >
              <SampleDataPanel
                sets={copy.sampleSets}
                selected={sampleIndex}
                onSelect={setSampleIndex}
                onChange={(sampleSets) => update({ sampleSets })}
                variables={output?.variables ?? []}
                problem={changes.problems.sampleData}
              />
            </div>
            <div
              role="tabpanel"
              id={`${tabsId}-details-panel`}
              aria-labelledby={`${tabsId}-details`}
              hidden={tab !== 'details'}
              className={styles.panel}
            >
              <Details copy={copy} onChange={update} problems={changes.problems} base={base} />
            </div>

            <VariablePicker
              variables={output?.variables ?? []}
              sampleData={sampleData}
              sampleName={set?.name}
              target={target === 'text' && copy.textMode !== 'custom' ? 'source' : target}
              sourceLabel={sourceLabel}
              onInsert={insertVariable}
            />
            <LintPanel
              issues={issues}
              sourceLabel={sourceLabel}
              onGo={goToIssue}
              blocking={blocking.length}
            />
          </section>

          <PreviewPane
            output={output}
            pending={preview.pending}
            failure={preview.error}
            sets={copy.sampleSets}
            selected={sampleIndex}
            onSelect={setSampleIndex}
            sampleProblem={sample && !sample.ok ? sample.message : undefined}
            onEditSamples={() => setTab('samples')}
          />
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
        onClose={() => setConflict(undefined)}
        onReload={async () => {
          const latest = await latestVersion()
          setCopy(workingCopyOf(latest))
          draft.clear(latest.id)
          setConflict(undefined)
          save.reset()
        }}
        onOverwrite={async () => {
          const latest = await latestVersion()
          submit(latest)
        }}
        pending={save.isPending}
      />
      <LeaveGuard dirty={dirty && !save.isPending} />
    </div>
  )
}

function lineIssues(issues: readonly EditorIssue[]) {
  return issues
    .filter((issue) => issue.line !== undefined)
    .map((issue) => ({
      severity: issue.severity,
      message: issue.message,
      line: issue.line as number,
      column: issue.column,
    }))
}

function firstProblem(changes: Changes): { message: string; tab?: Tab } | undefined {
  const { problems } = changes
  if (problems.sampleData) return { message: problems.sampleData, tab: 'samples' }
  if (problems.name) return { message: problems.name, tab: 'details' }
  if (problems.tags) return { message: problems.tags, tab: 'details' }
  if (problems.text) return { message: problems.text, tab: 'text' }
  if (problems.subject) return { message: problems.subject }
  return undefined
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

function TextPart({
  copy,
  generated,
  onChange,
  problem,
  editor,
  issues,
  onFocus,
}: {
  copy: WorkingCopy
  generated: string | undefined
  onChange: (patch: Partial<WorkingCopy>) => void
  problem: string | undefined
  editor: RefObject<CodeEditorHandle | null>
  issues: ReturnType<typeof lineIssues>
  onFocus: () => void
}) {
  return (
    <div className={styles.textPart}>
      <div className={styles.textModes}>
        <ToggleButtons
          label="Text part"
          options={[
            { value: 'generated', label: 'Generated from the HTML' },
            { value: 'custom', label: 'Written by hand' },
          ]}
          value={copy.textMode}
          onChange={(mode) =>
            onChange(
              mode === 'custom' && !copy.customText.trim()
                ? { textMode: mode, customText: generated ?? '' }
                : { textMode: mode },
            )
          }
        />
        <p className={styles.muted}>
          {copy.textMode === 'generated'
            ? 'Kept in step with every change: headings, lists and links (as “text (url)”) from the HTML.'
            : 'Sent as written to clients that show plain text. Variables work here too.'}
        </p>
      </div>
      {copy.textMode === 'generated' ? (
        <pre className={styles.generatedText}>{generated ?? 'Generating…'}</pre>
      ) : (
        <CodeEditor
          ref={editor}
          value={copy.customText}
          onChange={(customText) => onChange({ customText })}
          onFocus={onFocus}
          language="text"
          label="Text part"
          issues={issues}
        />
      )}
      {problem && (
        <p className={styles.fieldError} role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}

function Details({
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
