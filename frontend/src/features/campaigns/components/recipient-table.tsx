import { RECIPIENT_STATUSES, type RecipientStatus } from '@app/contracts'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { SelectField } from '../../../components/ui/select-field'
import { dateTimeText } from '../../templates/template-display'
import { campaignQueries } from '../api/campaigns'
import { RECIPIENT_STATUS_TEXT, reasonText } from '../campaign-display'
import styles from './campaigns.module.css'

/** The per-recipient ledger: each recipient's status and reason, one status or all, page after page. */
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
  const [status, setStatus] = useState<RecipientStatus>()
  const recipients = useInfiniteQuery(campaignQueries.recipients(organizationId, campaignId, status, live))
  const queryClient = useQueryClient()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `progress` is the trigger: the ledger is read again when it moves
  useEffect(() => {
    void queryClient.invalidateQueries({
      queryKey: campaignQueries.recipients(organizationId, campaignId, undefined, false).queryKey.slice(0, 4),
    })
  }, [queryClient, organizationId, campaignId, progress])
  const rows = recipients.data?.pages.flatMap((page) => page.items) ?? []

  return (
    <section className={styles.panel} aria-labelledby="recipients-title">
      <div className={styles.footer}>
        <h2 id="recipients-title">Recipients</h2>
        <SelectField
          label="Show"
          value={status ?? ''}
          onChange={(event) => setStatus((event.target.value || undefined) as RecipientStatus | undefined)}
        >
          <option value="">Every status</option>
          {RECIPIENT_STATUSES.map((item) => (
            <option key={item} value={item}>
              {RECIPIENT_STATUS_TEXT[item].label}
            </option>
          ))}
        </SelectField>
      </div>
      {recipients.isError && rows.length === 0 ? (
        <LoadError
          title="Could not load the recipients"
          error={recipients.error}
          onRetry={() => void recipients.refetch()}
        />
      ) : recipients.data === undefined ? (
        <LoadingLines lines={4} label="Loading the recipients" />
      ) : rows.length === 0 ? (
        <p className={styles.muted}>
          {status
            ? `No recipient is ${RECIPIENT_STATUS_TEXT[status].label.toLowerCase()}.`
            : 'No recipients yet: the list is written when sending starts.'}
        </p>
      ) : (
        <div
          className={recipients.isPlaceholderData ? `${styles.tableWrap} ${styles.stale}` : styles.tableWrap}
        >
          <table className={styles.table}>
            <caption className="visually-hidden">Each recipient's status and the reason</caption>
            <thead>
              <tr>
                <th scope="col">Recipient</th>
                <th scope="col">Status</th>
                <th scope="col">Reason</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((recipient) => {
                const text = RECIPIENT_STATUS_TEXT[recipient.status]
                return (
                  <tr key={recipient.contactId}>
                    <th scope="row">{recipient.email}</th>
                    <td>
                      <Badge color={text.color}>{text.label}</Badge>
                    </td>
                    <td className={styles.muted}>
                      {reasonText(recipient.reason)}
                      {recipient.attempts > 1 ? ` (${recipient.attempts} attempts)` : ''}
                      {recipient.retried ? ' · sent again by “Retry unconfirmed”: may have two copies' : ''}
                    </td>
                    <td className={styles.muted}>{dateTimeText(recipient.updatedAt)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
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
