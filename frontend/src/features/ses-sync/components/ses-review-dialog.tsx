import type { OrganizationSummary, SesTemplateReview } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import dialogStyles from '../../../components/ui/dialog.module.css'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { ActionError, CostNote } from '../../templates/components/action-error'
import { DiffView } from '../../templates/diff/diff-view'
import { actionCost } from '../../templates/template-actions'
import { type SesTarget, sesSyncQueries, useTakeSesVersion } from '../api/ses-sync'
import { editorChangeText, reviewSummary } from '../ses-review'
import styles from './ses-review.module.css'

type ReviewPart = SesTemplateReview['parts'][number]['part']

const PART_LABELS: Record<ReviewPart, string> = { subject: 'Subject', html: 'HTML', text: 'Text part' }

interface SesReviewDialogProps {
  organization: OrganizationSummary
  target: SesTarget
  templateId: string | undefined
  /** "Keep ours": publish this template, overwriting the change in SES (the caller starts the job). */
  onKeepOurs: (templateId: string) => void
  keepingOurs: boolean
  /** Why "keep ours" did not start, if it did not. */
  keepOursError: unknown
  onClose: () => void
}

/** A template changed in SES: SES's content beside ours, and the three choices (keep ours, take SES's, leave it). */
export function SesReviewDialog(props: SesReviewDialogProps) {
  const { templateId, onClose } = props
  return (
    <Dialog open={templateId !== undefined} onClose={onClose} title="Review the change made in SES" wide>
      {templateId && <ReviewBody {...props} templateId={templateId} />}
    </Dialog>
  )
}

function ReviewBody({
  organization,
  target,
  templateId,
  onKeepOurs,
  keepingOurs,
  keepOursError,
  onClose,
}: SesReviewDialogProps & { templateId: string }) {
  const review = useQuery(sesSyncQueries.review(target.organizationId, target.awsAccountId, templateId))
  const take = useTakeSesVersion(target)
  const [part, setPart] = useState<ReviewPart>('subject')
  const [confirmingTake, setConfirmingTake] = useState(false)
  const cost = actionCost(organization, 1)
  const data = review.data

  if (review.isPending) return <LoadingLines lines={5} label="Reading the template in SES" />
  if (!data) {
    return (
      <>
        <Alert tone="danger" role="alert" title="Could not read the template in SES">
          {errorMessage(review.error)}
        </Alert>
        <div className={dialogStyles.footer}>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void review.refetch()}>Try again</Button>
        </div>
      </>
    )
  }

  const conversion = editorChangeText(data.editorType)
  const takeIt = () =>
    take.mutate(data, {
      onSuccess: (template) => {
        toast.success(`${template.name} is now SES's version (version ${template.version}), in sync.`)
        onClose()
      },
    })

  return (
    <div className={styles.review}>
      <p className={styles.summary}>
        <Link to={paths.template(data.templateId)}>{data.templateName}</Link> — {reviewSummary(data)}
      </p>
      {data.state === 'drifted' && (
        <DiffView
          parts={data.parts}
          labels={PART_LABELS}
          fromLabel={`SES Studio (version ${data.ours.version})`}
          toLabel="SES"
          part={part}
          onPart={setPart}
        />
      )}
      {data.state === 'drifted' && (
        <p className={styles.legend}>
          <span className={styles.removedKey}>− ours (version {data.ours.version})</span>
          <span className={styles.addedKey}>+ in SES now</span>
        </p>
      )}
      {confirmingTake && (
        <section className={styles.confirm} aria-label="Take SES's version">
          {conversion && (
            <Alert tone="warning" title="It becomes an HTML template">
              {conversion}
            </Alert>
          )}
          <p>
            Version {data.ours.version + 1} gets SES's subject, HTML and text, noted “Taken from SES (
            {data.awsAccountName})” in History. Version {data.ours.version} stays there and can be restored.
          </p>
          <CostNote cost={cost} />
        </section>
      )}
      {take.error !== null && <ActionError error={take.error} title="SES's version was not taken" />}
      {keepOursError !== null && keepOursError !== undefined && (
        <ActionError error={keepOursError} title="Publishing did not start" />
      )}
      <div className={dialogStyles.footer}>
        <Button variant="ghost" onClick={onClose} disabled={take.isPending}>
          Leave it
        </Button>
        {data.state === 'drifted' && !confirmingTake && (
          <>
            <Button variant="secondary" onClick={() => setConfirmingTake(true)}>
              Take SES's version
            </Button>
            <Button loading={keepingOurs} onClick={() => onKeepOurs(data.templateId)}>
              Keep ours (overwrite SES)
            </Button>
          </>
        )}
        {confirmingTake && (
          <>
            <Button variant="secondary" onClick={() => setConfirmingTake(false)} disabled={take.isPending}>
              Back
            </Button>
            <Button loading={take.isPending} disabled={cost?.enough === false} onClick={takeIt}>
              {conversion ? 'Take it as an HTML template' : "Take SES's version"}
            </Button>
          </>
        )}
      </div>
    </div>
  )
}
