import { type Campaign, type CampaignAction, sendsToContacts } from '@app/contracts'
import { useNavigate } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { usePermission } from '../../account/use-permission'
import { useCampaignAction, useDeleteCampaign, useDuplicateCampaign } from '../api/campaigns'
import { allowedActions } from '../campaign-display'
import styles from './campaigns.module.css'
import { SendingNeedsRole } from './sending-needs-role'

const CONFIRM: Partial<
  Record<CampaignAction, { trigger: string; title: string; confirm: string; body: string; danger?: boolean }>
> = {
  pause: {
    trigger: 'Pause',
    title: 'Pause sending?',
    confirm: 'Pause',
    body: 'Messages already handed to SES still go out; no new ones start until you resume.',
  },
  resume: {
    trigger: 'Resume',
    title: 'Resume sending?',
    confirm: 'Resume',
    body: 'Sending continues with the recipients not sent yet; nobody gets a second copy.',
  },
  cancel: {
    trigger: 'Cancel campaign',
    title: 'Cancel this campaign?',
    confirm: 'Cancel campaign',
    body: 'Nothing more is sent, and it cannot be resumed. Recipients already sent to keep their message.',
    danger: true,
  },
  retryFailed: {
    trigger: 'Retry failed',
    title: 'Retry the failed recipients?',
    confirm: 'Retry failed',
    body: 'Only recipients whose send failed are sent again.',
  },
  retryUnconfirmed: {
    trigger: 'Retry unconfirmed',
    title: 'Retry the unconfirmed recipients?',
    confirm: 'Retry unconfirmed',
    body: 'SES may already have delivered some of these: a few recipients may get the message twice.',
    danger: true,
  },
}

/** Pause, resume, cancel, the two retries, duplicate and delete, each confirmed where it cannot be undone. */
export function CampaignActions({
  organizationId,
  campaign,
}: {
  organizationId: string
  campaign: Campaign
}) {
  const navigate = useNavigate()
  const action = useCampaignAction(organizationId, campaign.id)
  const duplicate = useDuplicateCampaign(organizationId)
  const remove = useDeleteCampaign(organizationId)
  const allowed = allowedActions(campaign.status, campaign.counts)
  const maySend = usePermission('campaigns.send', organizationId)
  const possible = (['pause', 'resume', 'retryFailed', 'retryUnconfirmed', 'cancel'] as const).filter(
    (name) => allowed[name],
  )
  // Resuming and retrying send to contacts: offered to owners and admins, and a member is told why not.
  const offered = possible.filter((name) => maySend || !sendsToContacts(name))
  const failure = action.error ?? duplicate.error ?? remove.error

  return (
    <section className={styles.panel} aria-labelledby="actions-title">
      <h2 id="actions-title" className="visually-hidden">
        Actions
      </h2>
      <div className={styles.actions}>
        {offered.map((name) => {
          const text = CONFIRM[name]
          if (!text) return null
          return (
            <ConfirmDialog
              key={name}
              triggerLabel={text.trigger}
              title={text.title}
              confirmLabel={text.confirm}
              variant={text.danger ? 'danger' : 'primary'}
              pending={action.isPending && action.variables === name}
              onConfirm={(close) => action.mutate(name, { onSuccess: close, onError: close })}
            >
              <p>{text.body}</p>
            </ConfirmDialog>
          )
        })}
        <Button
          variant="secondary"
          loading={duplicate.isPending}
          onClick={() =>
            duplicate.mutate(campaign.id, { onSuccess: (copy) => navigate(paths.campaign(copy.id)) })
          }
        >
          Duplicate
        </Button>
        {allowed.remove && (
          <ConfirmDialog
            triggerLabel="Delete"
            title="Delete this campaign?"
            confirmLabel="Delete"
            pending={remove.isPending}
            onConfirm={() => remove.mutate(campaign.id, { onSuccess: () => navigate(paths.campaigns()) })}
          >
            <p>
              The campaign and its per-recipient list are deleted. Messages already sent are not affected.
            </p>
          </ConfirmDialog>
        )}
      </div>
      {offered.length < possible.length && (
        <SendingNeedsRole ask={allowed.resume ? 'resume it' : 'retry its recipients'} />
      )}
      {failure && (
        <Alert tone="danger" role="alert">
          {errorMessage(failure)}
        </Alert>
      )}
    </section>
  )
}
