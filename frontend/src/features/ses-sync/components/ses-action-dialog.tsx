import type { ReactNode } from 'react'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import dialogStyles from '../../../components/ui/dialog.module.css'
import { ActionError } from '../../templates/components/action-error'
import styles from './ses-sync.module.css'

interface SesActionDialogProps {
  open: boolean
  title: string
  /** The templates it acts on (the first few are listed). */
  names: readonly string[]
  children: ReactNode
  confirmLabel: string
  variant?: 'primary' | 'danger'
  pending: boolean
  error: unknown
  errorTitle: string
  /** False keeps the confirm button disabled (e.g. nothing would succeed). */
  allowed?: boolean
  onConfirm: () => void
  onClose: () => void
}

const LISTED = 8

/** Confirms one SES action on the ticked templates; the job starts on confirm and the dialog closes. */
export function SesActionDialog({
  open,
  title,
  names,
  children,
  confirmLabel,
  variant = 'primary',
  pending,
  error,
  errorTitle,
  allowed = true,
  onConfirm,
  onClose,
}: SesActionDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form
        className={styles.dialogForm}
        onSubmit={(event) => {
          event.preventDefault()
          if (!pending && allowed) onConfirm()
        }}
      >
        <div className={dialogStyles.body}>
          {names.length > 0 && (
            <ul className={styles.dialogList}>
              {names.slice(0, LISTED).map((name) => (
                <li key={name}>{name}</li>
              ))}
              {names.length > LISTED && <li>and {names.length - LISTED} more</li>}
            </ul>
          )}
          {children}
        </div>
        {error !== null && error !== undefined && <ActionError error={error} title={errorTitle} />}
        <div className={dialogStyles.footer}>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant={variant} loading={pending} disabled={!allowed}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
