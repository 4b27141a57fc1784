import type { DiffChange } from '@app/contracts'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import styles from './diff-view.module.css'
import { type DiffRow, diffLines, foldUnchanged } from './version-diff'

export interface DiffPart<P extends string> {
  part: P
  changed: boolean
  changes: readonly DiffChange[]
}

interface DiffViewProps<P extends string> {
  parts: readonly DiffPart<P>[]
  labels: Record<P, string>
  /** What each side is, as read aloud and in "no changes between …" (e.g. "version 3", "SES"). */
  fromLabel: string
  toLabel: string
  part: P
  onPart: (part: P) => void
}

/** A line diff of one part at a time (chosen by toggle), unchanged stretches folded: History's and drift review's. */
export function DiffView<P extends string>({
  parts,
  labels,
  fromLabel,
  toLabel,
  part,
  onPart,
}: DiffViewProps<P>) {
  const shown = parts.find((item) => item.part === part) ?? parts[0]
  const rows: DiffRow[] = shown ? foldUnchanged(diffLines(shown.changes)) : []
  return (
    <>
      <ToggleButtons
        label="Part"
        options={parts.map((item) => ({
          value: item.part,
          label: `${labels[item.part]}${item.changed ? ' •' : ''}`,
        }))}
        value={shown?.part}
        onChange={onPart}
      />
      {shown && !shown.changed ? (
        <p className={styles.muted}>
          {labels[shown.part]}: no changes between {fromLabel} and {toLabel}.
        </p>
      ) : (
        <div className={styles.diff}>
          <table aria-label={`${shown ? labels[shown.part] : ''} changes`}>
            <thead className="visually-hidden">
              <tr>
                <th scope="col">Line in {fromLabel}</th>
                <th scope="col">Line in {toLabel}</th>
                <th scope="col">Text</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) =>
                row.kind === 'skipped' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are rebuilt as a whole
                  <tr key={index} className={styles.diffSkipped}>
                    <td colSpan={3}>
                      {row.count} unchanged {row.count === 1 ? 'line' : 'lines'}
                    </td>
                  </tr>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are rebuilt as a whole
                  <tr key={index} className={styles[row.kind]}>
                    <td className={styles.diffNumber}>{row.before ?? ''}</td>
                    <td className={styles.diffNumber}>{row.after ?? ''}</td>
                    <td className={styles.diffText}>
                      <span className="visually-hidden">
                        {row.kind === 'added' ? 'Added: ' : row.kind === 'removed' ? 'Removed: ' : ''}
                      </span>
                      <span aria-hidden="true">
                        {row.kind === 'added' ? '+ ' : row.kind === 'removed' ? '− ' : '  '}
                      </span>
                      {row.text}
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
