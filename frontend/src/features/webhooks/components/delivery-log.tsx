import type { WebhookDelivery, WebhookEndpoint } from '@app/contracts'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { SelectField } from '../../../components/ui/select-field'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import { type DeliveryStatus, useRedeliverWebhook, webhookQueries } from '../api/webhooks'
import {
  attemptsText,
  dateTimeText,
  deliveryStatusText,
  durationText,
  eventTypeLabel,
  lastAttempt,
  prettyBody,
  responseText,
} from '../webhook-display'
import styles from './webhooks.module.css'

const STATUS_CHOICES: { value: DeliveryStatus | ''; label: string }[] = [
  { value: '', label: 'All deliveries' },
  { value: 'succeeded', label: 'Delivered' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Being attempted' },
]

/** One endpoint's deliveries, newest first, a page at a time, filtered by status; each expands to its attempts. */
export function DeliveryLog({
  organizationId,
  endpoint,
}: {
  organizationId: string
  endpoint: WebhookEndpoint
}) {
  const [status, setStatus] = useState<DeliveryStatus | ''>('')
  const log = useInfiniteQuery(webhookQueries.deliveries(organizationId, endpoint.id, status || undefined))
  const deliveries = log.data?.pages.flatMap((page) => page.items) ?? []

  return (
    <Card
      title="Delivery log"
      description={
        <>
          What was sent to <span className={styles.url}>{endpoint.url}</span> in the last 30 days, newest
          first.
        </>
      }
    >
      <div className={styles.logTools}>
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as DeliveryStatus | '')}
        >
          {STATUS_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
      </div>
      {log.isError && deliveries.length === 0 ? (
        <LoadError
          title="Could not load the delivery log"
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      ) : log.data === undefined ? (
        <LoadingLines lines={3} label="Loading the delivery log" />
      ) : deliveries.length === 0 ? (
        <p className={styles.muted}>
          {status
            ? 'No delivery with this status.'
            : 'Nothing was sent to this endpoint yet. Send a test event to see one here.'}
        </p>
      ) : (
        <ul className={styles.deliveries} aria-label={`Deliveries to ${endpoint.url}`}>
          {deliveries.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              organizationId={organizationId}
              endpoint={endpoint}
              delivery={delivery}
            />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <div>
          <Button
            variant="secondary"
            size="small"
            loading={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      )}
    </Card>
  )
}

function DeliveryRow({
  organizationId,
  endpoint,
  delivery,
}: {
  organizationId: string
  endpoint: WebhookEndpoint
  delivery: WebhookDelivery
}) {
  const redeliver = useRedeliverWebhook(organizationId, endpoint.id)
  const state = deliveryStatusText(delivery)
  const last = lastAttempt(delivery)
  const label = eventTypeLabel(delivery.eventType)
  return (
    <li className={styles.delivery}>
      <div className={styles.deliveryMain}>
        <span className={styles.badges}>
          <Badge color={state.color}>{state.label}</Badge>
          <span className={styles.name}>{label}</span>
          <code className={styles.type}>{delivery.eventType}</code>
        </span>
        <dl className={styles.facts}>
          <div>
            <dt>Sent</dt>
            <dd>
              <time dateTime={delivery.createdAt}>{dateTimeText(delivery.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Attempts</dt>
            <dd>{attemptsText(delivery.attempts.length)}</dd>
          </div>
          <div>
            <dt>Response</dt>
            <dd>{responseText(last)}</dd>
          </div>
          {last && (
            <div>
              <dt>Took</dt>
              <dd>{durationText(last.durationMs)}</dd>
            </div>
          )}
          {delivery.nextAttemptAt && delivery.status === 'pending' && (
            <div>
              <dt>Next attempt</dt>
              <dd>{dateTimeText(delivery.nextAttemptAt)}</dd>
            </div>
          )}
        </dl>
      </div>
      <div className={styles.rowActions}>
        <Button
          variant="secondary"
          size="small"
          disabled={delivery.status === 'pending' || endpoint.status !== 'enabled'}
          title={
            endpoint.status !== 'enabled'
              ? 'Enable the endpoint first.'
              : delivery.status === 'pending'
                ? 'This delivery is still being attempted.'
                : undefined
          }
          loading={redeliver.isPending}
          onClick={() =>
            redeliver.mutate(delivery.id, {
              onSuccess: () => toast.success(`${label}: sent again.`),
              onError: (error) => toast.danger(`Could not redeliver: ${errorMessage(error)}`),
            })
          }
        >
          Redeliver<span className="visually-hidden"> {label}</span>
        </Button>
      </div>
      <details className={styles.details}>
        <summary>
          Details<span className="visually-hidden"> of {label}</span>
        </summary>
        <ol className={styles.attempts} aria-label="Attempts">
          {delivery.attempts.map((attempt) => (
            <li key={attempt.at}>
              <p>
                <time dateTime={attempt.at}>{dateTimeText(attempt.at)}</time> · {responseText(attempt)} ·{' '}
                {durationText(attempt.durationMs)}
                {attempt.manual ? ' · sent by hand' : ''}
              </p>
              {attempt.excerpt && <pre className={styles.excerpt}>{attempt.excerpt}</pre>}
            </li>
          ))}
        </ol>
        <p className={styles.subtitle}>Body</p>
        <pre className={styles.excerpt}>{prettyBody(delivery.body)}</pre>
      </details>
    </li>
  )
}
