import type { ReactNode, TextareaHTMLAttributes } from 'react'
import styles from './field.module.css'
import { FieldFrame, useFieldIds } from './field-frame'

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string
  labelAside?: ReactNode
  hint?: ReactNode
  error?: string | undefined
}

/** A multi-line input with the same label, hint and error layout as TextField. */
export function TextAreaField({
  label,
  labelAside,
  hint,
  error,
  className,
  ...textareaProps
}: TextAreaFieldProps) {
  const ids = useFieldIds({ hint, error })
  return (
    <FieldFrame
      ids={ids}
      label={label}
      labelAside={labelAside}
      hint={hint}
      error={error}
      className={className}
    >
      <textarea className={`${styles.input} ${styles.textarea}`} {...ids.controlProps} {...textareaProps} />
    </FieldFrame>
  )
}
