import { type ReactNode, useEffect, useId, useRef } from 'react'
import { Button } from './button'
import styles from './dialog.module.css'

interface DialogProps {
  open: boolean
  /** Esc, the close button or the caller's own buttons: the parent sets `open` to false. */
  onClose: () => void
  title: string
  wide?: boolean
  children: ReactNode
}

/**
 * A native modal dialog driven by state (focus trap, Esc and returning focus handled by the browser). Its content
 * mounts on open, so forms inside start fresh each time.
 */
export function Dialog({ open, onClose, title, wide = false, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      className={[styles.dialog, wide && styles.wide].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onClose={onClose}
    >
      {open && (
        <div className={styles.form}>
          <h2 id={titleId}>{title}</h2>
          {children}
        </div>
      )}
    </dialog>
  )
}

/** A dialog's buttons: Cancel (disabled while the action runs), then the dialog's own action(s). */
export function DialogFooter({
  onCancel,
  pending,
  children,
}: {
  onCancel: () => void
  pending: boolean
  children: ReactNode
}) {
  return (
    <div className={styles.footer}>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      {children}
    </div>
  )
}
