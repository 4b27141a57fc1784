import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react'
import styles from './field.module.css'
import { FieldFrame, useFieldIds } from './field-frame'

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  /** Shown next to the label, e.g. a 'Forgot password?' link. */
  labelAside?: ReactNode
  hint?: ReactNode
  error?: string | undefined
  /** Password inputs get a Show/Hide toggle. */
  revealable?: boolean
  ref?: Ref<HTMLInputElement>
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
  const ids = useFieldIds({ hint, error })
  const [revealed, setRevealed] = useState(false)

  return (
    <FieldFrame
      ids={ids}
      label={label}
      labelAside={labelAside}
      hint={hint}
      error={error}
      className={className}
    >
      <div className={styles.control}>
        <input
          type={revealable && revealed ? 'text' : type}
          className={[styles.input, revealable && styles.withToggle].filter(Boolean).join(' ')}
          {...ids.controlProps}
          {...inputProps}
        />
        {revealable && (
          <button
            type="button"
            className={styles.toggle}
            aria-pressed={revealed}
            aria-controls={ids.id}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? 'Hide' : 'Show'}
            <span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        )}
      </div>
    </FieldFrame>
  )
}
