import type { Template } from '@app/contracts'
import { lazy, type RefObject, Suspense, useId, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { Spinner } from '../../../components/ui/spinner'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { CodeEditor, type CodeEditorHandle } from '../../email-editor/code-editor'
import { type EditorIssue, issuesOf } from '../../email-editor/diagnostics'
import type { PreviewOutput } from '../../email-editor/use-template-preview'
import type { FieldTarget } from '../visual/fields'
import type { ReusableBlocks } from '../visual/reusable-blocks'
import type { VisualEditorHandle } from '../visual/visual-editor'
import { DetailsPanel } from './details-panel'
import styles from './editor.module.css'
import { IncludeBlockPicker } from './include-block-picker'
import { LintPanel } from './lint-panel'
import { SampleDataPanel } from './sample-data-panel'
import { TextPart } from './text-part'
import { VariablePicker } from './variable-picker'
import type { Changes, WorkingCopy } from './working-copy'

/** The block editor, its own chunk: only VISUAL templates load it (and drag and drop with it). */
const VisualEditor = lazy(() => import('../visual/visual-editor'))

export type EditorTab = 'source' | 'text' | 'samples' | 'details'
/** Where a picked variable goes: the last place the author was typing ('block': a field of the visual editor). */
export type InsertTarget = 'source' | 'subject' | 'text' | 'block'

interface EditPaneProps {
  base: Template
  copy: WorkingCopy
  onChange: (patch: Partial<WorkingCopy>) => void
  problems: Changes['problems']
  output: PreviewOutput | undefined
  issues: readonly EditorIssue[]
  sampleIndex: number
  onSampleIndex: (index: number) => void
  sampleData: Record<string, unknown>
  sampleName: string | undefined
  tab: EditorTab
  onTab: (tab: EditorTab) => void
  target: InsertTarget
  onTarget: (target: InsertTarget) => void
  /** VISUAL: the block editor, to select the block a check or a server issue points at. */
  visualRef: RefObject<VisualEditorHandle | null>
  /** The organization's reusable blocks of the template's editor type. */
  reusableBlocks: ReusableBlocks
}

/** The left pane: subject, the tabbed parts (source, text, samples, details), variables and checks. */
export function EditPane({
  base,
  copy,
  onChange,
  problems,
  output,
  issues,
  sampleIndex,
  onSampleIndex,
  sampleData,
  sampleName,
  tab,
  onTab,
  target,
  onTarget,
  visualRef,
  reusableBlocks,
}: EditPaneProps) {
  const sourceEditor = useRef<CodeEditorHandle>(null)
  const textEditor = useRef<CodeEditorHandle>(null)
  const subjectInput = useRef<HTMLInputElement>(null)
  const tabsId = useId()
  const sourceIssues = useMemo(() => lineIssues(issuesOf(issues, 'html')), [issues])
  const textIssues = useMemo(() => lineIssues(issuesOf(issues, 'text')), [issues])
  const subjectIssues = issuesOf(issues, 'subject')
  const blocking = issues.filter((issue) => issue.severity === 'error')
  const visual = copy.editorType === 'VISUAL'
  const sourceLabel = visual ? 'Design' : copy.editorType === 'MJML' ? 'MJML' : 'HTML'
  const blockField = useRef<FieldTarget | null>(null)
  const [blockFieldLabel, setBlockFieldLabel] = useState<string>()

  // Synchronous from the click to the focused field (flushSync shows the tab first): a key typed at once after
  // picking lands in the field, never on the picker's button.
  function insertVariable(text: string) {
    if (visual && (target === 'block' || target === 'source')) {
      const field = blockField.current
      if (!field) {
        toast.info('Click into a field of a block (or the subject) first, then pick the variable.')
        return
      }
      flushSync(() => onTab('source'))
      field.insert(text)
      return
    }
    if (target === 'subject' && subjectInput.current) {
      const input = subjectInput.current
      const start = input.selectionStart ?? copy.subject.length
      const end = input.selectionEnd ?? start
      flushSync(() => onChange({ subject: copy.subject.slice(0, start) + text + copy.subject.slice(end) }))
      input.focus()
      input.setSelectionRange(start + text.length, start + text.length)
      return
    }
    if (target === 'text' && copy.textMode === 'custom') {
      flushSync(() => onTab('text'))
      textEditor.current?.insert(text)
      return
    }
    flushSync(() => onTab('source'))
    sourceEditor.current?.insert(text)
  }

  function goToIssue(issue: EditorIssue) {
    if (visual && issue.blockId) {
      onTab('source')
      const blockId = issue.blockId
      requestAnimationFrame(() => visualRef.current?.select(blockId))
      return
    }
    if (issue.part === 'subject') {
      subjectInput.current?.focus()
      return
    }
    const isText = issue.part === 'text'
    onTab(isText ? 'text' : 'source')
    if (issue.line === undefined) return
    const line = issue.line
    requestAnimationFrame(() => (isText ? textEditor : sourceEditor).current?.goTo(line, issue.column))
  }

  return (
    <section className={styles.editPane} aria-label="Edit the template">
      <div>
        <TextField
          ref={subjectInput}
          label="Subject"
          value={copy.subject}
          onChange={(event) => onChange({ subject: event.target.value })}
          onFocus={() => onTarget('subject')}
          autoComplete="off"
          spellCheck
          error={problems.subject ?? subjectIssues.find((issue) => issue.severity === 'error')?.message}
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
            onClick={() => onTab(id)}
          >
            {label}
            {id === 'source' && sourceIssues.some((issue) => issue.severity === 'error') && (
              <>
                <span className={styles.tabDot} />
                <span className="visually-hidden"> (has errors)</span>
              </>
            )}
            {id === 'samples' && problems.sampleData && (
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
        {visual ? (
          <Suspense
            fallback={
              <p className={styles.muted}>
                <Spinner size="small" /> Loading the visual editor…
              </p>
            }
          >
            <VisualEditor
              ref={visualRef}
              reusableBlocks={reusableBlocks}
              source={copy.source}
              onChange={(source) => onChange({ source })}
              onConvert={(mjml) => {
                onChange({ editorType: 'MJML', source: mjml })
                onTarget('source')
                toast.success(
                  'Converted to MJML code. Save to keep it; History still has the visual versions.',
                )
              }}
              onTarget={(field) => {
                blockField.current = field
                setBlockFieldLabel(field.label)
                onTarget('block')
              }}
            />
          </Suspense>
        ) : (
          <CodeEditor
            ref={sourceEditor}
            value={copy.source}
            onChange={(source) => onChange({ source })}
            onFocus={() => onTarget('source')}
            language={copy.editorType === 'MJML' ? 'mjml' : 'html'}
            label={`${sourceLabel} source`}
            issues={sourceIssues}
          />
        )}
        {!visual && (
          <IncludeBlockPicker
            blocks={reusableBlocks}
            onInsert={(tag) => {
              onTarget('source')
              sourceEditor.current?.insert(tag)
            }}
          />
        )}
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
          onChange={onChange}
          problem={problems.text}
          editor={textEditor}
          issues={textIssues}
          onFocus={() => onTarget('text')}
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
          onSelect={onSampleIndex}
          onChange={(sampleSets) => onChange({ sampleSets })}
          variables={output?.variables ?? []}
          problem={problems.sampleData}
        />
      </div>
      <div
        role="tabpanel"
        id={`${tabsId}-details-panel`}
        aria-labelledby={`${tabsId}-details`}
        hidden={tab !== 'details'}
        className={styles.panel}
      >
        <DetailsPanel copy={copy} onChange={onChange} problems={problems} base={base} />
      </div>

      <VariablePicker
        variables={output?.variables ?? []}
        sampleData={sampleData}
        sampleName={sampleName}
        target={target === 'text' && copy.textMode !== 'custom' ? 'source' : target}
        sourceLabel={sourceLabel}
        fieldLabel={
          visual && target !== 'subject' && target !== 'text'
            ? blockFieldLabel
              ? `the “${blockFieldLabel}” field`
              : 'the field of a block you click into'
            : undefined
        }
        onInsert={insertVariable}
      />
      <LintPanel issues={issues} sourceLabel={sourceLabel} onGo={goToIssue} blocking={blocking.length} />
    </section>
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
