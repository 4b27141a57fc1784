import { TEMPLATE_MAX_SAMPLE_SETS } from '@app/contracts'
import type { DetectedVariable } from '@app/email/browser'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { CodeEditor } from '../../email-editor/code-editor'
import styles from './editor.module.css'
import { fillMissingSamples } from './variables'
import { parseSampleJson, type SampleSetDraft, sampleJson } from './working-copy'

function freeName(sets: readonly SampleSetDraft[], base: string): string {
  const names = new Set(sets.map((set) => set.name))
  if (!names.has(base)) return base
  for (let index = 2; ; index += 1) if (!names.has(`${base} ${index}`)) return `${base} ${index}`
}

/**
 * Named sets of sample values (JSON objects): the preview, the checks and test sends use the selected one, and
 * the first is the template's default.
 */
export function SampleDataPanel({
  sets,
  selected,
  onSelect,
  onChange,
  variables,
  problem,
}: {
  sets: readonly SampleSetDraft[]
  selected: number
  onSelect: (index: number) => void
  onChange: (sets: SampleSetDraft[]) => void
  variables: readonly DetectedVariable[]
  problem: string | undefined
}) {
  const current = sets[selected]
  const [renaming, setRenaming] = useState<string>()
  const parsed = current ? parseSampleJson(current.json) : undefined
  const replace = (index: number, set: SampleSetDraft) =>
    onChange(sets.map((item, at) => (at === index ? set : item)))
  const nameClash =
    renaming !== undefined &&
    sets.some((set, index) => index !== selected && set.name.trim() === renaming.trim())

  function add(copyCurrent: boolean) {
    const set = {
      name: freeName(sets, copyCurrent && current ? `${current.name} copy` : 'Sample'),
      json: copyCurrent && current ? current.json : '{}',
    }
    onChange([...sets, set])
    onSelect(sets.length)
  }

  return (
    <div className={styles.samples}>
      <div className={styles.sampleBar}>
        {sets.length > 0 && (
          <SelectField
            label="Sample data set"
            value={String(selected)}
            onChange={(event) => {
              setRenaming(undefined)
              onSelect(Number(event.target.value))
            }}
          >
            {sets.map((set, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: set names may repeat while being edited
              <option key={index} value={index}>
                {set.name || `Set ${index + 1}`}
                {index === 0 ? ' (default)' : ''}
              </option>
            ))}
          </SelectField>
        )}
        <div className={styles.sampleActions}>
          <Button
            size="small"
            variant="secondary"
            onClick={() => add(false)}
            disabled={sets.length >= TEMPLATE_MAX_SAMPLE_SETS}
          >
            Add set
          </Button>
          {current && (
            <>
              <Button
                size="small"
                variant="secondary"
                onClick={() => add(true)}
                disabled={sets.length >= TEMPLATE_MAX_SAMPLE_SETS}
              >
                Duplicate
              </Button>
              <Button size="small" variant="secondary" onClick={() => setRenaming(current.name)}>
                Rename
              </Button>
              <Button
                size="small"
                variant="ghost"
                onClick={() => {
                  onChange(sets.filter((_, index) => index !== selected))
                  onSelect(Math.max(0, selected - 1))
                  setRenaming(undefined)
                }}
              >
                Delete set
              </Button>
            </>
          )}
        </div>
      </div>

      {current && renaming !== undefined && (
        <form
          className={styles.renameForm}
          onSubmit={(event) => {
            event.preventDefault()
            if (!renaming.trim() || nameClash) return
            replace(selected, { ...current, name: renaming.trim() })
            setRenaming(undefined)
          }}
        >
          <TextField
            label="Set name"
            value={renaming}
            maxLength={60}
            onChange={(event) => setRenaming(event.target.value)}
            error={!renaming.trim() ? 'Name the set.' : nameClash ? 'Another set has this name.' : undefined}
            autoFocus
          />
          <Button type="submit" size="small">
            Rename
          </Button>
          <Button size="small" variant="ghost" onClick={() => setRenaming(undefined)}>
            Cancel
          </Button>
        </form>
      )}

      {current ? (
        <>
          <CodeEditor
            key={selected}
            value={current.json}
            onChange={(json) => replace(selected, { ...current, json })}
            language="json"
            label={`Sample data “${current.name}” (JSON)`}
            size="compact"
            issues={
              parsed && !parsed.ok
                ? [{ severity: 'error', message: parsed.message, line: parsed.line ?? 1 }]
                : []
            }
          />
          <div className={styles.sampleFooter}>
            {parsed?.ok ? (
              <Button
                size="small"
                variant="secondary"
                onClick={() =>
                  replace(selected, {
                    ...current,
                    json: sampleJson(fillMissingSamples(parsed.data, variables)),
                  })
                }
              >
                Add values for missing variables
              </Button>
            ) : null}
            {parsed && !parsed.ok && (
              <p className={styles.fieldError} role="alert">
                {parsed.message}
              </p>
            )}
          </div>
        </>
      ) : (
        <p className={styles.muted}>
          No sample data: the preview renders every variable as missing, as SES would without data. Add a set
          to give your variables values.
        </p>
      )}
      {problem && !(parsed && !parsed.ok) && (
        <p className={styles.fieldError} role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}
