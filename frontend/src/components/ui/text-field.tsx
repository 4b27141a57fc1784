import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react'
import styles from './field.module.css'

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  /** Shown next to the label, e.g. a 'Forgot password?' link. */
  labelAside?: ReactNode
  hint?: ReactNode
  error?: string | undefined
  /** Password inputs get a Show/Hide toggle. */
  revealable?: boolean
}

export function TextField({
  label,
  labelAside,
  hint,
  error,
  revealable = false,
  type = 'text',
  className,
  ...inputProps
}: TextFieldProps) {
  const id = useId()
  const [revealed, setRevealed] = useState(false)
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {labelAside}
      </div>
      <div className={styles.control}>
        <input
          id={id}
          type={revealable && revealed ? 'text' : type}
          className={[styles.input, revealable && styles.withToggle].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
        {revealable && (
          <button
            type="button"
            className={styles.toggle}
            aria-pressed={revealed}
            aria-controls={id}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? 'Hide' : 'Show'}
            <span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        )}
      </div>
      {hint && (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  )
}
