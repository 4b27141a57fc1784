import { type ReactNode, useId, useRef, useState } from 'react'
import { Button } from './button'
import styles from './dialog.module.css'
import { TextField } from './text-field'

interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  triggerLabel: string
  /** Words only screen readers hear after the label, naming what a row's short 'Remove' acts on. */
  triggerHint?: string
  title: string
  children: ReactNode
  confirmLabel: string
  /** When set, the confirm button stays disabled until the user types exactly this. */
  typedConfirmation?: string
  pending: boolean
  /** Gets `close` for actions that stay on the page (a delete that navigates away needs none). */
  onConfirm: (close: () => void) => void
  /** Danger for destructive actions; primary for consequential ones that destroy nothing. */
  variant?: 'danger' | 'primary'
  /** Keeps the trigger disabled (nothing to confirm yet). */
  disabled?: boolean
  /** The trigger's size: small beside other small row actions. */
  triggerSize?: 'medium' | 'small'
}

/** A destructive or consequential action behind a native modal dialog (focus trap, Esc and backdrop handled by the browser). */
export function ConfirmDialog({
  triggerLabel,
  triggerHint,
  title,
  children,
  confirmLabel,
  typedConfirmation,
  pending,
  onConfirm,
  variant = 'danger',
  disabled = false,
  triggerSize = 'medium',
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [typed, setTyped] = useState('')
  const confirmed = typedConfirmation === undefined || typed.trim() === typedConfirmation

  function close() {
    dialogRef.current?.close()
    setTyped('')
  }

  return (
    <>
      <Button
        variant={variant}
        size={triggerSize}
        disabled={disabled}
        onClick={() => dialogRef.current?.showModal()}
      >
        {triggerLabel}
        {triggerHint && <span className="visually-hidden"> {triggerHint}</span>}
      </Button>
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        aria-labelledby={titleId}
        onClose={() => setTyped('')}
      >
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault()
            if (confirmed && !pending) onConfirm(close)
          }}
        >
          <h2 id={titleId}>{title}</h2>
          <div className={styles.body}>{children}</div>
          {typedConfirmation !== undefined && (
            <TextField
              label={`Type “${typedConfirmation}” to confirm`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          )}
          <div className={styles.footer}>
            <Button variant="secondary" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant={variant} disabled={!confirmed} loading={pending}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  )
}
