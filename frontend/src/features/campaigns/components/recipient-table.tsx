import { RECIPIENT_OUTCOMES, RECIPIENT_STATUSES, type Recipient } from '@app/contracts'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { dateTimeText } from '../../templates/template-display'
import { type RecipientFilters, reportQueries } from '../api/reports'
import { RECIPIENT_STATUS_TEXT, reasonText } from '../campaign-display'
import { bounceText, OUTCOME_TEXT } from '../report-display'
import styles from './campaigns.module.css'
import { ScrollRegion } from './scroll-region'

/** The filter select's value: `''`, `outcome:opened` or `status:FAILED`. */
function filtersOf(value: string, q: string): RecipientFilters {
  const [kind, name] = value.split(':') as [string, string | undefined]
  return {
    ...(kind === 'outcome' && name ? { outcome: name as RecipientFilters['outcome'] } : {}),
    ...(kind === 'status' && name ? { status: name as RecipientFilters['status'] } : {}),
    ...(q ? { q } : {}),
  }
}

/** The per-recipient ledger: status, what SES told (delivered, opened, clicked, bounced …) and when. */
export function RecipientTable({
  organizationId,
  campaignId,
  live,
  progress,
}: {
  organizationId: string
  campaignId: string
  live: boolean
  /** Changes whenever the campaign's counts or status do: the table reads the ledger again. */
  progress: string
}) {
  const [filter, setFilter] = useState('')
  const [typed, setTyped] = useState('')
  const [q, setQ] = useState('')
  const filters = filtersOf(filter, q)
  const recipients = useInfiniteQuery(reportQueries.recipients(organizationId, campaignId, filters, live))
  const queryClient = useQueryClient()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `progress` is the trigger: the ledger is read again when it moves
  useEffect(() => {
    void queryClient.invalidateQueries({
      queryKey: reportQueries.recipients(organizationId, campaignId, {}, false).queryKey.slice(0, 4),
    })
  }, [queryClient, organizationId, campaignId, progress])
  const rows = recipients.data?.pages.flatMap((page) => page.items) ?? []
  const search = () => setQ(typed.trim())

  return (
    <section className={styles.panel} aria-labelledby="recipients-title">
      <h2 id="recipients-title">Recipients</h2>
      <search aria-label="Find recipients">
        <form
          className={styles.filters}
          onSubmit={(event) => {
            event.preventDefault()
            search()
          }}
        >
          <TextField
            label="Email starts with"
            type="search"
            value={typed}
            maxLength={254}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={search}
          />
          <SelectField label="Show" value={filter} onChange={(event) => setFilter(event.target.value)}>
            <option value="">Everyone</option>
            <optgroup label="What happened">
              {RECIPIENT_OUTCOMES.map((outcome) => (
                <option key={outcome} value={`outcome:${outcome}`}>
                  {OUTCOME_TEXT[outcome].label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Sending status">
              {RECIPIENT_STATUSES.map((status) => (
                <option key={status} value={`status:${status}`}>
                  {RECIPIENT_STATUS_TEXT[status].label}
                </option>
              ))}
            </optgroup>
          </SelectField>
        </form>
      </search>
      {recipients.isError && rows.length === 0 ? (
        <LoadError
          title="Could not load the recipients"
          error={recipients.error}
          onRetry={() => void recipients.refetch()}
        />
      ) : recipients.data === undefined ? (
        <LoadingLines lines={4} label="Loading the recipients" />
      ) : rows.length === 0 ? (
        <p className={styles.muted} aria-live="polite">
          {emptyText(filters)}
        </p>
      ) : (
        <ScrollRegion
          className={recipients.isPlaceholderData ? `${styles.tableWrap} ${styles.stale}` : styles.tableWrap}
          label="Recipients table"
        >
          <table className={styles.table}>
            <caption className="visually-hidden">
              Each recipient's sending status and what happened to the message
            </caption>
            <thead>
              <tr>
                <th scope="col">Recipient</th>
                <th scope="col">Status</th>
                <th scope="col">What happened</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((recipient) => (
                <RecipientRow key={recipient.contactId} recipient={recipient} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {recipients.hasNextPage && (
        <div>
          <Button
            variant="secondary"
            size="small"
            loading={recipients.isFetchingNextPage}
            onClick={() => void recipients.fetchNextPage()}
          >
            More recipients
          </Button>
        </div>
      )}
    </section>
  )
}

function emptyText(filters: RecipientFilters): string {
  const search = filters.q ? ` with an email starting “${filters.q}”` : ''
  if (filters.outcome)
    return filters.q
      ? `No ${OUTCOME_TEXT[filters.outcome].label.toLowerCase()} recipient${search}.`
      : OUTCOME_TEXT[filters.outcome].none
  if (filters.status)
    return `No recipient is ${RECIPIENT_STATUS_TEXT[filters.status].label.toLowerCase()}${search}.`
  if (filters.q) return `No recipient${search}.`
  return 'No recipients yet: the list is written when sending starts.'
}

/** What SES's events said about one recipient, in the order they happen. */
function happenings(recipient: Recipient): { label: string; at: string; detail?: string }[] {
  const events: { label: string; at: string | null; detail?: string }[] = [
    { label: 'Delivered', at: recipient.deliveredAt },
    { label: 'Opened', at: recipient.openedAt },
    { label: 'Clicked', at: recipient.clickedAt },
    ...(recipient.bounce
      ? [
          {
            label: 'Bounced',
            at: recipient.bounce.at,
            detail: bounceText(recipient.bounce.type, recipient.bounce.subType),
          },
        ]
      : []),
    { label: 'Complained', at: recipient.complainedAt },
    { label: 'Unsubscribed', at: recipient.unsubscribedAt },
  ]
  return events.filter((event): event is { label: string; at: string; detail?: string } => event.at !== null)
}

function RecipientRow({ recipient }: { recipient: Recipient }) {
  const text = RECIPIENT_STATUS_TEXT[recipient.status]
  const events = happenings(recipient)
  const reason = recipient.reason || events.length === 0 ? reasonText(recipient.reason) : ''
  return (
    <tr>
      <th scope="row">{recipient.email}</th>
      <td>
        <Badge color={text.color}>{text.label}</Badge>
      </td>
      <td className={styles.muted}>
        {events.length > 0 && (
          <ul className={styles.happenings}>
            {events.map((event) => (
              <li key={event.label}>
                <span className={styles.happening}>{event.label}</span> {dateTimeText(event.at)}
                {event.detail ? ` · ${event.detail}` : ''}
              </li>
            ))}
          </ul>
        )}
        {reason}
        {recipient.attempts > 1 ? ` (${recipient.attempts} attempts)` : ''}
        {recipient.retried ? ' · sent again by “Retry unconfirmed”: may have two copies' : ''}
      </td>
      <td className={styles.muted}>{dateTimeText(recipient.updatedAt)}</td>
    </tr>
  )
}
