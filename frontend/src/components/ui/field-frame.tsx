import { type ReactNode, useId } from 'react'
import styles from './field.module.css'

export interface FieldMessages {
  hint?: ReactNode
  error?: string | undefined
}

/** Ids that tie a control to its label, hint and error (`aria-describedby`). */
export function useFieldIds({ hint, error }: FieldMessages) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return {
    id,
    hintId,
    errorId,
    controlProps: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    },
  }
}

interface FieldFrameProps extends FieldMessages {
  ids: ReturnType<typeof useFieldIds>
  label: string
  labelAside?: ReactNode
  className?: string | undefined
  children: ReactNode
}

/** The label row, the control, then hint and error: the layout every form field shares. */
export function FieldFrame({ ids, label, labelAside, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={ids.id}>
          {label}
        </label>
        {labelAside}
      </div>
      {children}
      {hint && (
        <div id={ids.hintId} className={styles.hint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={ids.errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  )
}
