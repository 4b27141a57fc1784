import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import dialogStyles from '../../components/ui/dialog.module.css'

interface ConflictDialogProps {
  /** The version the template is at now (409 `version.conflict`), or undefined while there is no conflict. */
  currentVersion: number | 'unknown' | undefined
  editedVersion: number
  onClose: () => void
  onReload: () => Promise<void>
  onOverwrite: () => Promise<void>
  pending: boolean
  /** What is edited: a template keeps every version; a block keeps only its newest. */
  subject?: 'template' | 'block'
}

/** Someone saved while this editor was open: reload theirs, or put these changes on top of it. */
export function ConflictDialog({
  currentVersion,
  editedVersion,
  onClose,
  onReload,
  onOverwrite,
  pending,
  subject = 'template',
}: ConflictDialogProps) {
  const [busy, setBusy] = useState<'reload' | 'overwrite'>()
  const run = (which: 'reload' | 'overwrite', action: () => Promise<void>) => {
    setBusy(which)
    action().finally(() => setBusy(undefined))
  }
  const newer =
    currentVersion === 'unknown' || currentVersion === undefined
      ? 'A newer version'
      : `Version ${currentVersion}`
  return (
    <Dialog
      open={currentVersion !== undefined}
      onClose={onClose}
      title={`Someone saved this ${subject} meanwhile`}
    >
      <div className={dialogStyles.body}>
        <p>
          You edited version {editedVersion}. {newer} was saved since (by a teammate, or in another tab), so
          saving now would overwrite it.
        </p>
        <p>
          <strong>Reload</strong> shows the newest version and drops your changes. <strong>Overwrite</strong>{' '}
          saves your changes on top of it as the next version;{' '}
          {subject === 'template'
            ? 'the one saved meanwhile stays in the history.'
            : 'blocks keep no history, so the one saved meanwhile is replaced.'}
        </p>
      </div>
      <div className={dialogStyles.footer}>
        <Button variant="secondary" onClick={onClose} disabled={busy !== undefined || pending}>
          Cancel
        </Button>
        <Button
          variant="secondary"
          loading={busy === 'reload'}
          disabled={busy !== undefined || pending}
          onClick={() => run('reload', onReload)}
        >
          Reload the newest version
        </Button>
        <Button
          loading={busy === 'overwrite' || pending}
          disabled={busy !== undefined}
          onClick={() => run('overwrite', onOverwrite)}
        >
          Overwrite with my changes
        </Button>
      </div>
    </Dialog>
  )
}
