import type { ServerResponse } from 'node:http'
import type Stripe from 'stripe'
import { payOpenInvoice } from '../billing'
import type { StandInContext } from '../context'
import { addressLines, formatDate, formatMoney, invoiceStatusLabel } from '../format'
import { SELLER_NAME } from '../objects/invoices'
import { html, page, redirect, sendHtml } from './html'
import { invoicePdf } from './invoice-pdf'

export function showInvoice(response: ServerResponse, invoice: Stripe.Invoice, query: URLSearchParams): void {
  const money = (cents: number) => formatMoney(cents, invoice.currency)
  const paidAt = invoice.status_transitions.paid_at
  const billTo = [
    invoice.customer_name,
    invoice.customer_email,
    ...addressLines(invoice.customer_address),
    ...(invoice.customer_tax_ids ?? []).map(
      (taxId) => `${taxId.type.replace('_', ' ').toUpperCase()}: ${taxId.value}`,
    ),
  ].filter(Boolean)
  const body = html`
    <section class="card" aria-labelledby="invoice-title">
      ${query.get('paid') ? html`<div class="alert success" role="status">Payment received. Thank you!</div>` : null}
      <p class="muted">Invoice from ${SELLER_NAME}</p>
      <h1 id="invoice-title">${paidAt ? `${money(invoice.amount_paid)} paid on ${formatDate(paidAt)}` : `${money(invoice.amount_remaining)} due`}</h1>
      <p><span class="badge ${invoice.status === 'paid' ? 'ok' : 'warn'}">${invoiceStatusLabel(invoice)}</span></p>
      <dl>
        <dt>Invoice number</dt><dd><code>${invoice.number ?? 'Draft'}</code></dd>
        <dt>Date of issue</dt><dd>${formatDate(invoice.status_transitions.finalized_at ?? invoice.created)}</dd>
        <dt>Service period</dt><dd>${formatDate(invoice.period_start)} – ${formatDate(invoice.period_end)}</dd>
        <dt>Billed to</dt><dd>${billTo.map((line, index) => html`${index > 0 ? html`<br>` : null}${line}`)}</dd>
      </dl>
      <div class="actions">
        <a href="${invoice.invoice_pdf ?? '#'}" download>Download invoice PDF</a>
      </div>
      ${
        invoice.status === 'open'
          ? html`<form method="post" action="/invoices/${invoice.id}/pay">
          <button class="primary" type="submit">Pay ${money(invoice.amount_remaining)} with test card 4242</button></form>`
          : null
      }
    </section>
    <section class="card" aria-labelledby="lines-title">
      <h2 id="lines-title">Items</h2>
      <div class="table-wrap"><table>
        <thead><tr><th>Description</th><th class="num">Amount</th></tr></thead>
        <tbody>${invoice.lines.data.map(
          (
            line,
          ) => html`<tr><td>${line.description}<br><span class="muted small">${formatDate(line.period.start)} – ${formatDate(line.period.end)}</span></td>
          <td class="num">${money(line.amount)}</td></tr>`,
        )}
        <tr><td><strong>Total</strong></td><td class="num"><strong>${money(invoice.total)}</strong></td></tr>
        <tr><td>Amount paid</td><td class="num">${money(invoice.amount_paid)}</td></tr>
        <tr><td>Amount due</td><td class="num">${money(invoice.amount_remaining)}</td></tr></tbody>
      </table></div>
    </section>`
  sendHtml(response, 200, page({ title: `Invoice ${invoice.number ?? invoice.id}`, body, narrow: true }))
}

export async function sendInvoicePdf(response: ServerResponse, invoice: Stripe.Invoice): Promise<void> {
  const pdf = await invoicePdf(invoice)
  response.writeHead(200, {
    'content-type': 'application/pdf',
    'content-disposition': `inline; filename="Invoice-${invoice.number ?? invoice.id}.pdf"`,
    'content-length': pdf.byteLength,
  })
  response.end(pdf)
}

export function payInvoice(response: ServerResponse, context: StandInContext, invoice: Stripe.Invoice): void {
  payOpenInvoice(context, invoice)
  redirect(response, `/invoices/${invoice.id}?paid=1`)
}
