import { useId } from 'react'
import fieldStyles from '../../../components/ui/field.module.css'
import styles from '../components/audience.module.css'
import type { ColumnChoice } from './column-mapping'
import type { CsvPreview } from './csv-preview'
import importStyles from './import.module.css'
import preview from './mapping-table.module.css'

const SKIP = '__skip'
const EMAIL = '__email'
const ATTRIBUTE = '__attribute'
const JSON_ATTRIBUTES = '__attributes_json'
const VALUE_OF = {
  email: EMAIL,
  skip: SKIP,
  attribute: ATTRIBUTE,
  'attributes-json': JSON_ATTRIBUTES,
} as const

/** The file's first rows under its headers; above each column, what it becomes (email, an attribute, nothing). */
export function MappingTable({
  preview: file,
  choices,
  problems,
  onChange,
}: {
  preview: CsvPreview
  choices: readonly ColumnChoice[]
  /** By column index. */
  problems: Record<number, string>
  onChange: (choices: ColumnChoice[]) => void
}) {
  const id = useId()
  const change = (index: number, choice: ColumnChoice) =>
    onChange(
      choices.map((current, at) => {
        if (at === index) return choice
        // One email column: choosing another moves it.
        return choice.kind === 'email' && current.kind === 'email' ? { kind: 'skip' } : current
      }),
    )

  return (
    <div className={preview.previewWrap}>
      <table className={preview.previewTable}>
        <caption className="visually-hidden">The first rows of the file and what each column becomes</caption>
        <thead>
          <tr>
            {file.headers.map((header, index) => {
              const choice = choices[index] ?? { kind: 'skip' }
              const selectId = `${id}-${index}`
              const problemId = problems[index] ? `${selectId}-problem` : undefined
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions (headers may repeat)
                <th key={`${header}-${index}`} scope="col">
                  <div className={styles.fieldset}>
                    <span className={styles.name}>{header || `Column ${index + 1}`}</span>
                    <select
                      id={selectId}
                      className={`${fieldStyles.input} ${fieldStyles.select}`}
                      aria-label={`Column ${header || index + 1} becomes`}
                      value={VALUE_OF[choice.kind]}
                      onChange={(event) => {
                        const value = event.target.value
                        change(
                          index,
                          value === EMAIL
                            ? { kind: 'email' }
                            : value === SKIP
                              ? { kind: 'skip' }
                              : value === JSON_ATTRIBUTES
                                ? { kind: 'attributes-json' }
                                : { kind: 'attribute', name: choice.kind === 'attribute' ? choice.name : '' },
                        )
                      }}
                    >
                      <option value={EMAIL}>Email</option>
                      <option value={ATTRIBUTE}>Attribute</option>
                      <option value={JSON_ATTRIBUTES}>Attributes as JSON (an export’s)</option>
                      <option value={SKIP}>Don’t import</option>
                    </select>
                    {choice.kind === 'attribute' && (
                      <input
                        className={fieldStyles.input}
                        aria-label={`Attribute name for column ${header || index + 1}`}
                        aria-invalid={problems[index] ? true : undefined}
                        aria-describedby={problemId}
                        value={choice.name}
                        spellCheck={false}
                        autoComplete="off"
                        maxLength={50}
                        onChange={(event) => change(index, { kind: 'attribute', name: event.target.value })}
                      />
                    )}
                    {problemId && (
                      <span id={problemId} role="alert" className={importStyles.problem}>
                        {problems[index]}
                      </span>
                    )}
                  </div>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {file.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity and never reorder
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
                <td key={index} title={cell}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
