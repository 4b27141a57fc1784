import type { ReactNode, SelectHTMLAttributes } from 'react'
import styles from './field.module.css'
import { FieldFrame, useFieldIds } from './field-frame'

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string
  hint?: ReactNode
  error?: string | undefined
  children: ReactNode
}

/** A native select with the same label, hint and error layout as TextField. */
export function SelectField({ label, hint, error, className, children, ...selectProps }: SelectFieldProps) {
  const ids = useFieldIds({ hint, error })
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <div className={styles.control}>
        <select className={`${styles.input} ${styles.select}`} {...ids.controlProps} {...selectProps}>
          {children}
        </select>
      </div>
    </FieldFrame>
  )
}
