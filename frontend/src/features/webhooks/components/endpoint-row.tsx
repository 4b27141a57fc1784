import type { WebhookEndpoint } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import {
  useDeleteWebhookEndpoint,
  useEnableWebhookEndpoint,
  useRotateWebhookSecret,
  useSendWebhookTest,
  webhookQueries,
} from '../api/webhooks'
import { dateTimeText, deliveryStatusText, eventCountText, responseText } from '../webhook-display'
import type { IssuedSecret } from './endpoint-dialogs'
import styles from './webhooks.module.css'

/** One endpoint: where it posts, what it wants, its state and last delivery, and what can be done with it. */
export function EndpointRow({
  organizationId,
  endpoint,
  showingLog,
  onShowLog,
  onEdit,
  onRotated,
}: {
  organizationId: string
  endpoint: WebhookEndpoint
  showingLog: boolean
  onShowLog: () => void
  onEdit: () => void
  onRotated: (issued: IssuedSecret) => void
}) {
  const enabled = endpoint.status === 'enabled'
  const test = useSendWebhookTest(organizationId, endpoint.id)
  const enable = useEnableWebhookEndpoint(organizationId, endpoint.id)
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <span className={styles.url}>{endpoint.url}</span>
        {endpoint.description && <span className={styles.muted}>{endpoint.description}</span>}
        <span className={styles.badges}>
          <Badge color={enabled ? 'green' : 'red'}>{enabled ? 'Enabled' : 'Disabled'}</Badge>
          <Badge color="purple">{eventCountText(endpoint)}</Badge>
          <code className={styles.type}>{endpoint.secretPrefix}</code>
        </span>
      </div>
      <LastDelivery organizationId={organizationId} endpointId={endpoint.id} />
      <div className={styles.rowActions}>
        <Button variant="secondary" size="small" aria-pressed={showingLog} onClick={onShowLog}>
          Delivery log<span className="visually-hidden"> of {endpoint.url}</span>
        </Button>
        <Button
          variant="secondary"
          size="small"
          disabled={!enabled}
          title={enabled ? undefined : 'Enable the endpoint first.'}
          loading={test.isPending}
          onClick={() =>
            test.mutate(undefined, {
              onSuccess: () => {
                toast.success(`Test event sent to ${endpoint.url}.`)
                onShowLog()
              },
              onError: (error) => toast.danger(`Could not send the test event: ${errorMessage(error)}`),
            })
          }
        >
          Send test event
        </Button>
        <Button variant="secondary" size="small" onClick={onEdit}>
          Edit<span className="visually-hidden"> {endpoint.url}</span>
        </Button>
        <RotateSecretButton organizationId={organizationId} endpoint={endpoint} onRotated={onRotated} />
        <DeleteEndpointButton organizationId={organizationId} endpoint={endpoint} />
      </div>
      {endpoint.disabledReason && (
        <div className={styles.rowNote}>
          <Alert
            tone="warning"
            title={`Disabled ${dateTimeText(endpoint.disabledReason.at)}`}
            actions={
              <Button
                size="small"
                loading={enable.isPending}
                onClick={() =>
                  enable.mutate(undefined, {
                    onSuccess: () => toast.success(`${endpoint.url} takes new events again.`),
                    onError: (error) => toast.danger(`Could not enable it: ${errorMessage(error)}`),
                  })
                }
              >
                Enable again
              </Button>
            }
          >
            <p className={styles.reason}>{endpoint.disabledReason.message}</p>
            <p>
              New events are not sent to it until it is enabled again; redeliver the failed ones from its log.
            </p>
          </Alert>
        </div>
      )}
    </li>
  )
}

function LastDelivery({ organizationId, endpointId }: { organizationId: string; endpointId: string }) {
  const last = useQuery(webhookQueries.lastDelivery(organizationId, endpointId))
  const delivery = last.data
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Last delivery</dt>
        <dd>
          {last.isError ? (
            'Could not be read'
          ) : delivery === undefined ? (
            '…'
          ) : delivery === null ? (
            'None yet'
          ) : (
            <>
              <Badge color={deliveryStatusText(delivery).color}>{deliveryStatusText(delivery).label}</Badge>{' '}
              {responseText(delivery.attempts.at(-1))} ·{' '}
              <time dateTime={delivery.createdAt}>{dateTimeText(delivery.createdAt)}</time>
            </>
          )}
        </dd>
      </div>
    </dl>
  )
}

/** A new secret after a confirmation; the previous one keeps signing beside it for 24 hours. */
function RotateSecretButton({
  organizationId,
  endpoint,
  onRotated,
}: {
  organizationId: string
  endpoint: WebhookEndpoint
  onRotated: (issued: IssuedSecret) => void
}) {
  const rotate = useRotateWebhookSecret(organizationId, endpoint.id)
  return (
    <ConfirmDialog
      triggerLabel="Rotate secret"
      title="Rotate the signing secret?"
      confirmLabel="Rotate secret"
      variant="primary"
      triggerSize="small"
      pending={rotate.isPending}
      onConfirm={(close) =>
        rotate.mutate(undefined, {
          onSuccess: (issued) => {
            close()
            onRotated(issued)
          },
          onError: (error) => toast.danger(`Could not rotate the secret: ${errorMessage(error)}`),
        })
      }
    >
      <p>
        Deliveries to <span className={styles.url}>{endpoint.url}</span> get a new secret. For 24 hours they
        carry a signature with the current secret (<code>{endpoint.secretPrefix}</code>) beside the new one,
        so your receiver keeps working while you switch it over.
      </p>
    </ConfirmDialog>
  )
}

function DeleteEndpointButton({
  organizationId,
  endpoint,
}: {
  organizationId: string
  endpoint: WebhookEndpoint
}) {
  const remove = useDeleteWebhookEndpoint(organizationId, endpoint.id)
  return (
    <ConfirmDialog
      triggerLabel="Delete"
      title="Delete this endpoint?"
      confirmLabel="Delete endpoint"
      triggerSize="small"
      pending={remove.isPending}
      onConfirm={(close) =>
        remove.mutate(undefined, {
          onSuccess: () => {
            toast.success(`Deleted ${endpoint.url}.`)
            close()
          },
          onError: (error) => toast.danger(`Could not delete it: ${errorMessage(error)}`),
        })
      }
    >
      <p>
        Nothing more is sent to <span className={styles.url}>{endpoint.url}</span>, and its delivery log is
        deleted with it. This cannot be undone.
      </p>
    </ConfirmDialog>
  )
}
