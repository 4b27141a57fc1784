import type { VisualDocument } from '@app/contracts'
import { visualToMjml } from '@app/email/browser'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import dialogStyles from '../../../components/ui/dialog.module.css'

/** 'Convert to MJML code': one way; the blocks become MJML the code editor edits, and only History goes back. */
export function ConvertDialog({
  open,
  document,
  onClose,
  onConvert,
}: {
  open: boolean
  document: VisualDocument
  onClose: () => void
  onConvert: (mjml: string) => void
}) {
  const [problem, setProblem] = useState<string>()
  return (
    <Dialog open={open} onClose={onClose} title="Convert to MJML code?">
      <div className={dialogStyles.body}>
        <p>
          The blocks become MJML code, edited in the code editor from then on. This is one way: the visual
          editor cannot read the code back. Saving stores the MJML as a new version; to return to the blocks,
          restore an earlier version from History.
        </p>
        {problem && (
          <Alert tone="danger" title="The blocks could not be converted">
            {problem}
          </Alert>
        )}
      </div>
      <div className={dialogStyles.footer}>
        <Button variant="secondary" onClick={onClose}>
          Keep the visual editor
        </Button>
        <Button
          onClick={() => {
            const result = visualToMjml(document)
            if (result.errors.length > 0) {
              setProblem(result.errors.map((error) => error.message).join(' '))
              return
            }
            setProblem(undefined)
            onConvert(result.mjml)
          }}
        >
          Convert to MJML
        </Button>
      </div>
    </Dialog>
  )
}
