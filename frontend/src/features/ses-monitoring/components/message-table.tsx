import type { MessageLog } from '@app/contracts'
import { Fragment, useId, useState } from 'react'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import dataTable from '../../../components/ui/data-table.module.css'
import definitions from '../../../components/ui/definition-grid.module.css'
import { formatCount } from '../../aws-accounts/ses-status-display'
import {
  EVENT_TYPE_TEXT,
  formatEventTime,
  formatLogTime,
  messageStatusText,
  messageTitle,
  recipientsText,
} from '../monitoring-display'
import styles from './message-log.module.css'
import shared from './monitoring.module.css'

function times(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`
}

/** One message's events, oldest first, and what SES knows about it. */
function MessageEvents({ log }: { log: MessageLog }) {
  return (
    <div className={styles.messageDetails}>
      <ol className={styles.timeline} aria-label="Events">
        {log.events.map((event) => (
          <li key={event.type}>
            <span className={styles.eventType}>{EVENT_TYPE_TEXT[event.type].singular}</span>
            <time dateTime={event.at} className={styles.eventTime}>
              {formatEventTime(event.at)}
            </time>
            {event.detail && <p className={styles.eventDetail}>{event.detail}</p>}
          </li>
        ))}
      </ol>
      <dl className={`${definitions.grid} ${styles.messageFacts}`}>
        <div>
          <dt>From</dt>
          <dd>{log.from ?? '—'}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{log.recipients.join(', ') || '—'}</dd>
        </div>
        {log.subject && log.template && (
          <div>
            <dt>Template</dt>
            <dd>{log.template}</dd>
          </div>
        )}
        {(log.opens > 0 || log.clicks > 0) && (
          <div>
            <dt>Opens and clicks</dt>
            <dd>
              {times(log.opens, 'open', 'opens')}, {times(log.clicks, 'click', 'clicks')}
            </dd>
          </div>
        )}
        <div>
          <dt>SES message ID</dt>
          <dd>
            <code>{log.messageId}</code>
          </dd>
        </div>
      </dl>
      <p className={shared.note}>Each kind of event shows once, when it first happened.</p>
    </div>
  )
}

/**
 * Messages, newest first: when, to whom, what, how far it got and SES's last word; each row opens its events.
 * A table on wide screens, small cards on phones (CSS only).
 */
export function MessageTable({ logs }: { logs: readonly MessageLog[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const idPrefix = useId()
  const [now] = useState(Date.now)
  const toggle = (messageId: string) => {
    const next = new Set(open)
    if (!next.delete(messageId)) next.add(messageId)
    setOpen(next)
  }

  return (
    <div className={dataTable.wrap}>
      <table className={`${dataTable.table} ${styles.logTable}`}>
        <caption className="visually-hidden">Messages, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Recipient</th>
            <th scope="col">Subject or template</th>
            <th scope="col">Status</th>
            <th scope="col">Detail</th>
            <th scope="col">
              <span className="visually-hidden">Events</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {logs.map((log, index) => {
            const status = messageStatusText(log.status)
            const title = messageTitle(log)
            const expanded = open.has(log.messageId)
            const eventsId = `${idPrefix}-events-${index}`
            const recipient = recipientsText(log.recipients)
            return (
              <Fragment key={log.messageId}>
                <tr className={expanded ? styles.expandedRow : undefined}>
                  <td className={styles.time}>
                    <time dateTime={log.sentAt}>{formatLogTime(log.sentAt, now)}</time>
                  </td>
                  <th scope="row" className={styles.recipient} title={log.recipients.join(', ')}>
                    {recipient}
                  </th>
                  <td className={styles.subject}>
                    {title.template && <span className={styles.secondary}>Template </span>}
                    {title.text}
                  </td>
                  <td className={styles.status}>
                    <Badge color={status.badge}>{status.label}</Badge>
                  </td>
                  <td className={styles.detail}>
                    {log.detail ? (
                      <span className={styles.clamp} title={log.detail}>
                        {log.detail}
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className={styles.rowActions}>
                    <Button
                      variant="ghost"
                      size="small"
                      aria-expanded={expanded}
                      aria-controls={eventsId}
                      onClick={() => toggle(log.messageId)}
                    >
                      {expanded ? 'Hide events' : `Events (${log.events.length})`}
                      <span className="visually-hidden"> of the message to {recipient}</span>
                    </Button>
                  </td>
                </tr>
                <tr id={eventsId} hidden={!expanded} className={styles.eventsRow}>
                  <td colSpan={6}>{expanded && <MessageEvents log={log} />}</td>
                </tr>
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
