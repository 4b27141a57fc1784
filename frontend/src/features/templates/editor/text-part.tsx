import type { RefObject } from 'react'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { CodeEditor, type CodeEditorHandle, type CodeIssue } from '../../email-editor/code-editor'
import styles from './editor.module.css'
import type { WorkingCopy } from './working-copy'

/** The plain-text tab: generated from the HTML, or written by hand in its own code editor. */
export function TextPart({
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
  issues: CodeIssue[]
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
