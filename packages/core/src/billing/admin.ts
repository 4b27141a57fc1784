import type { AdminInvoice, AdminInvoiceList } from '@app/contracts'
import { stringify } from 'csv-stringify/sync'
import { cursorPosition, encodeCursor } from '../db/cursor'
import { AppError } from '../errors'
import { StripePositionSchema, toInvoice } from './billing'
import { callStripe, type Stripe, stripe } from './stripe-client'

export interface DateRange {
  from: string
  to: string
}

function createdFilter(range: DateRange) {
  return {
    gte: Math.floor(Date.parse(`${range.from}T00:00:00Z`) / 1000),
    lte: Math.floor(Date.parse(`${range.to}T23:59:59Z`) / 1000),
  }
}

function toAdminInvoice(invoice: Stripe.Invoice): AdminInvoice {
  const taxId = invoice.customer_tax_ids?.[0]
  return {
    ...toInvoice(invoice),
    organizationId: invoice.parent?.subscription_details?.metadata?.organizationId ?? null,
    customerName: invoice.customer_name ?? null,
    customerEmail: invoice.customer_email ?? null,
    customerTaxId: taxId ? `${taxId.type}: ${taxId.value}` : null,
    customerCountry: invoice.customer_address?.country ?? null,
  }
}

const ADMIN_PAGE = 50

export async function listInvoices(range: DateRange, cursor?: string): Promise<AdminInvoiceList> {
  const cursorQuery = { list: 'admin-invoices', scope: 'all', filters: { from: range.from, to: range.to } }
  const after = cursorPosition(cursorQuery, cursor, StripePositionSchema)
  return callStripe(async () => {
    const client = await stripe()
    const page = await client.invoices.list({
      created: createdFilter(range),
      limit: ADMIN_PAGE,
      ...(after ? { starting_after: after.stripeId } : {}),
    })
    const last = page.data.at(-1)
    return {
      items: page.data.filter((invoice) => invoice.status !== 'draft').map(toAdminInvoice),
      nextCursor: page.has_more && last?.id ? encodeCursor(cursorQuery, { stripeId: last.id }) : null,
    }
  })
}

/** A report is for bookkeeping, not a data dump: past this many invoices, ask for a shorter range. */
const REPORT_LIMIT = 10_000

const COLUMNS = [
  ['number', 'Number'],
  ['date', 'Date'],
  ['status', 'Status'],
  ['description', 'Description'],
  ['currency', 'Currency'],
  ['total', 'Total'],
  ['periodStart', 'Period start'],
  ['periodEnd', 'Period end'],
  ['organizationId', 'Organization'],
  ['customerName', 'Customer'],
  ['customerEmail', 'Email'],
  ['customerCountry', 'Country'],
  ['customerTaxId', 'Tax id'],
  ['pdf', 'PDF'],
] as const

function minorToDecimal(amount: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
    2
  return (amount / 10 ** digits).toFixed(digits)
}

/** Every invoice of the range as CSV (see `toCsv`). */
export async function invoicesReport(range: DateRange): Promise<{ filename: string; content: string }> {
  const rows: Record<string, string>[] = []
  await callStripe(async () => {
    const client = await stripe()
    for await (const invoice of client.invoices.list({ created: createdFilter(range), limit: 100 })) {
      if (invoice.status === 'draft') continue
      if (rows.length >= REPORT_LIMIT) {
        throw new AppError(
          'request.invalid',
          `More than ${REPORT_LIMIT} invoices in this range; choose a shorter one.`,
        )
      }
      const row = toAdminInvoice(invoice)
      rows.push({
        number: row.number ?? '',
        date: row.createdAt.slice(0, 10),
        status: row.status,
        description: row.description,
        currency: row.currency.toUpperCase(),
        total: minorToDecimal(row.total, row.currency),
        periodStart: row.periodStart?.slice(0, 10) ?? '',
        periodEnd: row.periodEnd?.slice(0, 10) ?? '',
        organizationId: row.organizationId ?? '',
        customerName: row.customerName ?? '',
        customerEmail: row.customerEmail ?? '',
        customerCountry: row.customerCountry ?? '',
        customerTaxId: row.customerTaxId ?? '',
        pdf: row.pdf ?? '',
      })
    }
  })
  const content = toCsv(rows)
  return { filename: `invoices-${range.from}-to-${range.to}.csv`, content }
}

/**
 * CSV with quoting where needed; cells a spreadsheet would run as a formula (starting with = + - @, tab or
 * carriage return) get a leading single quote (OWASP's CSV-injection rule, done by csv-stringify).
 */
export function toCsv(rows: readonly Record<string, string>[]): string {
  return stringify([...rows], {
    header: true,
    columns: COLUMNS.map(([key, header]) => ({ key, header })),
    record_delimiter: 'windows',
    escape_formulas: true,
  })
}
