import { type AwsAccount, LOG_PAGE_SIZES, MESSAGE_STATUSES, type MessageStatus } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { logsQuery } from '../api/ses-monitoring'
import {
  type CursorStack,
  currentCursor,
  hasFilters,
  type LogFilters,
  type LogPageSize,
  newerPage,
  olderPage,
  pageNumber,
  recipientProblem,
} from '../log-query'
import { messageStatusText } from '../monitoring-display'
import styles from './message-log.module.css'
import { MessageTable } from './message-table'
import shared from './monitoring.module.css'

function Filters({ filters, onChange }: { filters: LogFilters; onChange: (filters: LogFilters) => void }) {
  const [draft, setDraft] = useState(filters.recipient ?? '')
  const [shown, setShown] = useState(filters.recipient)
  const [problem, setProblem] = useState<string>()
  // The address changed underneath (Clear filters, the back button): start the search box over from it.
  if (shown !== filters.recipient) {
    setShown(filters.recipient)
    setDraft(filters.recipient ?? '')
    setProblem(undefined)
  }

  return (
    <search aria-label="Filter the messages">
      <form
        className={styles.filters}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const recipient = draft.trim()
          const why = recipient ? recipientProblem(recipient) : undefined
          setProblem(why)
          if (!why) onChange({ ...filters, recipient: recipient || undefined })
        }}
      >
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={(event) =>
            onChange({ ...filters, status: (event.target.value || undefined) as MessageStatus | undefined })
          }
        >
          <option value="">All statuses</option>
          {MESSAGE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {messageStatusText(status).label}
            </option>
          ))}
        </SelectField>
        <div className={styles.recipientSearch}>
          <TextField
            label="Recipient"
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="ana@example.com"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            error={problem}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </div>
        <SelectField
          label="Per page"
          value={String(filters.limit)}
          onChange={(event) => onChange({ ...filters, limit: Number(event.target.value) as LogPageSize })}
        >
          {LOG_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </SelectField>
      </form>
    </search>
  )
}

/**
 * The message log with its filters, in pages reached through the API's cursors: 'Older' follows the answer's
 * `nextCursor`, 'Newer' goes back through the cursors already followed. Changing a filter starts at the newest.
 */
export function MessageLog({
  awsAccount,
  filters,
  onFiltersChange,
}: {
  awsAccount: Pick<AwsAccount, 'id' | 'organizationId'>
  filters: LogFilters
  onFiltersChange: (filters: LogFilters) => void
}) {
  const filterKey = JSON.stringify(filters)
  const [paging, setPaging] = useState<{ key: string; cursors: CursorStack }>({ key: filterKey, cursors: [] })
  const cursors = paging.key === filterKey ? paging.cursors : []
  const logs = useQuery(logsQuery(awsAccount, filters, currentCursor(cursors)))
  const top = useRef<HTMLDivElement>(null)
  const filtered = hasFilters(filters)
  const page = pageNumber(cursors)
  const data = logs.data
  // While another page or filter loads, the table keeps showing the previous answer, dimmed.
  const stale = logs.isPlaceholderData

  function go(next: CursorStack) {
    setPaging({ key: filterKey, cursors: next })
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }

  const clear = () => onFiltersChange({ ...filters, status: undefined, recipient: undefined })

  return (
    <Card
      title="Message log"
      description="Newest first, in your time zone. A message’s status is the furthest it got: an opened message shows Opened, not Delivered."
      actions={
        <Button
          variant="secondary"
          size="small"
          loading={logs.isFetching && !logs.isPending}
          onClick={() => void logs.refetch()}
        >
          Refresh
        </Button>
      }
    >
      <div className={shared.stack} ref={top}>
        <Filters filters={filters} onChange={onFiltersChange} />

        {data === undefined ? (
          logs.isError ? (
            <Alert
              tone="danger"
              role="alert"
              title="Could not load the message log"
              actions={
                isApiError(logs.error, 'plan.feature_locked') ? (
                  <ButtonLink to={paths.planChooser()} size="small">
                    See plans
                  </ButtonLink>
                ) : (
                  <Button variant="secondary" size="small" onClick={() => void logs.refetch()}>
                    Try again
                  </Button>
                )
              }
            >
              {errorMessage(logs.error)}
            </Alert>
          ) : (
            <LoadingLines lines={6} label="Loading the message log" />
          )
        ) : (
          <>
            {logs.isError && (
              <Alert tone="warning" role="alert">
                Could not refresh the log: {errorMessage(logs.error)}
              </Alert>
            )}
            {data.items.length === 0 ? (
              <EmptyLog filtered={filtered} firstPage={page === 1} onClear={clear} onNewer={() => go([])} />
            ) : (
              <div className={stale ? shared.stale : undefined} aria-busy={stale || undefined}>
                <MessageTable logs={data.items} />
              </div>
            )}
            {(page > 1 || data.nextCursor) && (
              <nav className={styles.pager} aria-label="Message log pages">
                <Button
                  variant="secondary"
                  size="small"
                  disabled={page === 1}
                  onClick={() => go(newerPage(cursors))}
                >
                  ← Newer
                </Button>
                <span className={styles.pageNumber} aria-live="polite">
                  Page {page}
                  {stale && ' · loading…'}
                </span>
                <Button
                  variant="secondary"
                  size="small"
                  disabled={!data.nextCursor || stale}
                  onClick={() => go(olderPage(cursors, data.nextCursor))}
                >
                  Older →
                </Button>
              </nav>
            )}
            {filtered && data.items.length > 0 && (
              <div>
                <Button variant="ghost" size="small" onClick={clear}>
                  Clear filters
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </Card>
  )
}

function EmptyLog({
  filtered,
  firstPage,
  onClear,
  onNewer,
}: {
  filtered: boolean
  firstPage: boolean
  onClear: () => void
  onNewer: () => void
}) {
  if (!firstPage) {
    return (
      <div className={styles.emptyState}>
        <p className={styles.emptyTitle}>No older messages</p>
        <Button variant="secondary" size="small" onClick={onNewer}>
          Back to the newest
        </Button>
      </div>
    )
  }
  if (filtered) {
    return (
      <div className={styles.emptyState}>
        <p className={styles.emptyTitle}>No messages match these filters</p>
        <p className={shared.muted}>The recipient must be the whole address a message was sent to.</p>
        <Button variant="secondary" size="small" onClick={onClear}>
          Clear filters
        </Button>
      </div>
    )
  }
  return (
    <div className={styles.emptyState}>
      <p className={styles.emptyTitle}>No messages yet</p>
      <p className={shared.muted}>
        Messages sent through this account with monitoring on appear here within seconds of SES reporting
        them. Send a test email from Email identities to see one.
      </p>
      <ButtonLink to={paths.emailIdentities()} variant="secondary" size="small">
        Send a test email
      </ButtonLink>
    </div>
  )
}
