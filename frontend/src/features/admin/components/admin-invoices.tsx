import { useInfiniteQuery } from '@tanstack/react-query'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { formatDate } from '../../billing/billing-display'
import { InvoiceTable } from '../../billing/components/invoice-table'
import { adminErrorMessage, isNotOperator } from '../admin-display'
import { adminQueries } from '../api/admin'
import type { DateRange } from '../date-range'
import styles from './admin.module.css'

const day = (iso: string) => formatDate(`${iso}T00:00:00Z`, 'UTC')

/** Every organization's invoices in the range, each with its PDF, a page at a time. */
export function AdminInvoices({ range, onClose }: { range: DateRange; onClose: () => void }) {
  const invoices = useInfiniteQuery(adminQueries.invoices(range))
  const rows = invoices.data?.pages.flatMap((page) => page.items) ?? []
  const title = `Invoices from ${day(range.from)} to ${day(range.to)}`

  return (
    <Card
      title={title}
      actions={
        <Button variant="ghost" size="small" onClick={onClose}>
          Close list
        </Button>
      }
    >
      {invoices.isPending ? (
        <LoadingLines lines={5} label="Loading invoices" />
      ) : invoices.isError && rows.length === 0 ? (
        <Alert
          tone="danger"
          role="alert"
          actions={
            isNotOperator(invoices.error) ? undefined : (
              <Button variant="secondary" size="small" onClick={() => void invoices.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {adminErrorMessage(invoices.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>No invoices in this range. Pick another range above.</p>
      ) : (
        <>
          <InvoiceTable
            invoices={rows}
            caption={title}
            showCustomer
            hasMore={invoices.hasNextPage}
            loadingMore={invoices.isFetchingNextPage}
            loadMore={() => void invoices.fetchNextPage()}
          />
          {invoices.isFetchNextPageError && (
            <Alert tone="danger" role="alert">
              {adminErrorMessage(invoices.error)}
            </Alert>
          )}
        </>
      )}
    </Card>
  )
}
