import type { AdminInvoice, Invoice } from '@app/contracts'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import dataTable from '../../../components/ui/data-table.module.css'
import { formatDate, formatMoney, invoiceStatusText } from '../billing-display'
import styles from './invoice-table.module.css'

interface InvoiceTableProps {
  invoices: readonly (Invoice | AdminInvoice)[]
  /** What the table is, for screen readers ('Invoices of Acme'). */
  caption: string
  /** The admin list shows who was billed instead of what for (the CSV report has both). */
  showCustomer?: boolean
  hasMore: boolean
  loadingMore: boolean
  loadMore: () => void
}

function customerOf(invoice: Invoice | AdminInvoice) {
  if (!('customerName' in invoice)) return undefined
  return {
    name: invoice.customerName ?? invoice.customerEmail ?? 'Unknown customer',
    detail: invoice.customerName ? invoice.customerEmail : null,
    taxId: invoice.customerTaxId,
    organizationId: invoice.organizationId,
  }
}

/**
 * Invoices with their PDF and Stripe's hosted page, both opened in a new tab. A table on wide screens, a list of
 * small cards on phones (same markup, CSS only).
 */
export function InvoiceTable({
  invoices,
  caption,
  showCustomer = false,
  hasMore,
  loadingMore,
  loadMore,
}: InvoiceTableProps) {
  return (
    <>
      <div className={dataTable.wrap}>
        <table className={`${dataTable.table} ${styles.table}`}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {showCustomer && <th scope="col">Organization</th>}
              {showCustomer && <th scope="col">Customer</th>}
              <th scope="col">Number</th>
              <th scope="col">Date</th>
              {!showCustomer && <th scope="col">Description</th>}
              <th scope="col" className={styles.amount}>
                Amount
              </th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Links</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => {
              const status = invoiceStatusText(invoice.status)
              const customer = showCustomer ? customerOf(invoice) : undefined
              const number = invoice.number ?? 'Draft'
              return (
                <tr key={invoice.id}>
                  {customer && (
                    <td className={`${styles.wide} ${styles.organization}`}>
                      {customer.organizationId ?? '—'}
                    </td>
                  )}
                  {customer && (
                    <td className={styles.wide}>
                      {customer.name}
                      {customer.detail && <span className={styles.secondary}>{customer.detail}</span>}
                      {customer.taxId && <span className={styles.secondary}>Tax id {customer.taxId}</span>}
                    </td>
                  )}
                  <td className={styles.number}>{number}</td>
                  <td className={`${styles.nowrap} ${styles.status}`}>
                    <time dateTime={invoice.createdAt}>{formatDate(invoice.createdAt)}</time>
                  </td>
                  {!showCustomer && <td className={styles.wide}>{invoice.description}</td>}
                  <td className={styles.amount}>{formatMoney(invoice.total, invoice.currency)}</td>
                  <td className={styles.status}>
                    <Badge color={status.badge}>{status.label}</Badge>
                  </td>
                  <td>
                    <div className={styles.links}>
                      {invoice.pdf && (
                        <a href={invoice.pdf} target="_blank" rel="noopener noreferrer">
                          PDF
                          <span className="visually-hidden"> of invoice {number} (opens in a new tab)</span>
                        </a>
                      )}
                      {invoice.hostedUrl && (
                        <a href={invoice.hostedUrl} target="_blank" rel="noopener noreferrer">
                          View<span className="visually-hidden"> invoice {number} (opens in a new tab)</span>
                        </a>
                      )}
                    </div>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {hasMore && (
        <div className={styles.more}>
          <Button variant="secondary" loading={loadingMore} onClick={loadMore}>
            Load more
          </Button>
        </div>
      )}
    </>
  )
}
