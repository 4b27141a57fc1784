import { type ReactNode, useId, useRef, useState } from 'react'
import { Button } from './button'
import styles from './dialog.module.css'
import { TextField } from './text-field'

interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  triggerLabel: string
  title: string
  children: ReactNode
  confirmLabel: string
  /** When set, the confirm button stays disabled until the user types exactly this. */
  typedConfirmation?: string
  pending: boolean
  onConfirm: () => void
}

/** A destructive action behind a native modal dialog (focus trap, Esc and backdrop handled by the browser). */
export function ConfirmDialog({
  triggerLabel,
  title,
  children,
  confirmLabel,
  typedConfirmation,
  pending,
  onConfirm,
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
      <Button variant="danger" onClick={() => dialogRef.current?.showModal()}>
        {triggerLabel}
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
            if (confirmed && !pending) onConfirm()
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
            <Button type="submit" variant="danger" disabled={!confirmed} loading={pending}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  )
}
