import { type Align, ColorSchema, type Padding, UrlSchema } from '@app/contracts'
import { createContext, type ReactNode, useContext, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { TextField } from '../../../components/ui/text-field'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import styles from './visual.module.css'

/** Where the variable picker inserts `{{name}}`: the property field the author was last typing in. */
export interface FieldTarget {
  label: string
  insert: (text: string) => void
}

export const FieldTargetContext = createContext<(target: FieldTarget) => void>(() => {})

export function urlProblem(value: string): string | undefined {
  const checked = UrlSchema.safeParse(value)
  return checked.success ? undefined : checked.error.issues[0]?.message
}

/**
 * A text field that commits only values the document accepts: while what is typed is not valid (a half-written
 * address, an empty label), it stays in the field with the reason, and the document keeps its last valid value.
 */
export function DraftTextField({
  label,
  value,
  onCommit,
  validate,
  hint,
  insertable = false,
  placeholder,
  inputMode,
  ariaLabel,
}: {
  label: string
  value: string
  onCommit: (value: string) => void
  validate?: (value: string) => string | undefined
  hint?: ReactNode
  /** The variable picker can insert here. */
  insertable?: boolean
  placeholder?: string
  inputMode?: 'numeric' | 'decimal' | 'url'
  ariaLabel?: string
}) {
  const [draft, setDraft] = useState(value)
  const [problem, setProblem] = useState<string>()
  const [seen, setSeen] = useState(value)
  const input = useRef<HTMLInputElement>(null)
  const registerTarget = useContext(FieldTargetContext)
  if (value !== seen) {
    // Undo, redo or another field changed the document: show its value.
    setSeen(value)
    setDraft(value)
    setProblem(undefined)
  }

  function change(text: string) {
    setDraft(text)
    const why = validate?.(text)
    setProblem(why)
    if (!why) {
      setSeen(text)
      onCommit(text)
    }
  }
  const latest = useRef(change)
  latest.current = change

  return (
    <TextField
      ref={input}
      label={label}
      aria-label={ariaLabel}
      value={draft}
      onChange={(event) => change(event.target.value)}
      onFocus={() => {
        if (!insertable) return
        registerTarget({
          label: ariaLabel ?? label,
          insert: (text) => {
            const element = input.current
            if (!element) return
            const start = element.selectionStart ?? element.value.length
            const end = element.selectionEnd ?? start
            flushSync(() => latest.current(element.value.slice(0, start) + text + element.value.slice(end)))
            element.focus()
            element.setSelectionRange(start + text.length, start + text.length)
          },
        })
      }}
      error={problem}
      hint={hint}
      placeholder={placeholder}
      inputMode={inputMode}
      autoComplete="off"
      spellCheck={!inputMode}
    />
  )
}

/** Whole pixels within a range; `nullable` fields accept empty for "the default". */
export function NumberField({
  label,
  value,
  onCommit,
  min,
  max,
  nullable = false,
  hint,
  ariaLabel,
  step = 1,
}: {
  label: string
  value: number | null
  onCommit: (value: number | null) => void
  min: number
  max: number
  nullable?: boolean
  hint?: ReactNode
  ariaLabel?: string
  step?: number
}) {
  return (
    <DraftTextField
      label={label}
      ariaLabel={ariaLabel}
      value={value === null ? '' : String(value)}
      inputMode={step < 1 ? 'decimal' : 'numeric'}
      hint={hint}
      placeholder={nullable ? 'Default' : undefined}
      validate={(text) => {
        if (text.trim() === '') return nullable ? undefined : `Enter ${min}–${max}.`
        const number = Number(text)
        if (!Number.isFinite(number)) return `Enter a number, ${min}–${max}.`
        if (step >= 1 && !Number.isInteger(number)) return 'Enter a whole number.'
        if (number < min || number > max) return `Enter ${min}–${max}.`
        return undefined
      }}
      onCommit={(text) => onCommit(text.trim() === '' ? null : Number(text))}
    />
  )
}

/** A colour: the browser's picker and the #rrggbb it stands for; nullable ones can go back to the default. */
export function ColorField({
  label,
  value,
  onCommit,
  fallback,
}: {
  label: string
  value: string | null
  onCommit: (value: string | null) => void
  /** Shown (and picked from) while the value is null: the colour the email uses instead. */
  fallback?: string
}) {
  const nullable = fallback !== undefined
  return (
    <div className={styles.colorField}>
      <DraftTextField
        label={label}
        value={value ?? ''}
        placeholder={nullable ? `Default (${fallback})` : '#rrggbb'}
        validate={(text) => {
          if (nullable && text.trim() === '') return undefined
          const checked = ColorSchema.safeParse(text.trim())
          return checked.success ? undefined : 'A colour is #rrggbb, like #4f46e5.'
        }}
        onCommit={(text) => onCommit(text.trim() === '' ? null : text.trim().toLowerCase())}
      />
      <input
        type="color"
        className={styles.colorSwatch}
        aria-label={`${label} picker`}
        value={value ?? fallback ?? '#000000'}
        onChange={(event) => onCommit(event.target.value.toLowerCase())}
      />
    </div>
  )
}

export function AlignField({ value, onCommit }: { value: Align; onCommit: (value: Align) => void }) {
  return (
    <div className={styles.fieldGroup}>
      <span className={styles.groupLabel}>Alignment</span>
      <ToggleButtons
        label="Alignment"
        options={[
          { value: 'left', label: 'Left' },
          { value: 'center', label: 'Center' },
          { value: 'right', label: 'Right' },
        ]}
        value={value}
        onChange={onCommit}
      />
    </div>
  )
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const

export function PaddingField({ value, onCommit }: { value: Padding; onCommit: (value: Padding) => void }) {
  const id = useId()
  return (
    <fieldset className={styles.padding} aria-labelledby={id}>
      <legend id={id} className={styles.groupLabel}>
        Padding (px)
      </legend>
      {SIDES.map((side) => (
        <NumberField
          key={side}
          label={side[0]?.toUpperCase() + side.slice(1)}
          ariaLabel={`Padding ${side}`}
          value={value[side]}
          min={0}
          max={120}
          onCommit={(next) => onCommit({ ...value, [side]: next ?? 0 })}
        />
      ))}
    </fieldset>
  )
}

export function CheckboxField({
  label,
  checked,
  onCommit,
  hint,
}: {
  label: string
  checked: boolean
  onCommit: (checked: boolean) => void
  hint?: string
}) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" checked={checked} onChange={(event) => onCommit(event.target.checked)} />
      <span>
        {label}
        {hint && <span className={styles.hint}>{hint}</span>}
      </span>
    </label>
  )
}
