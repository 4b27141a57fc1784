import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import type Stripe from 'stripe'
import { addressLines, formatDate, formatMoney, invoiceStatusLabel } from '../format'
import { SELLER_NAME } from '../objects/invoices'

const INK = rgb(0.1, 0.12, 0.21)
const MUTED = rgb(0.36, 0.39, 0.47)
const LINE = rgb(0.89, 0.91, 0.93)
const MARGIN = 56

interface Writer {
  page: PDFPage
  regular: PDFFont
  bold: PDFFont
  y: number
}

/** Standard fonts speak WinAnsi only: anything else becomes '?', so any customer name renders. */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet())
  return [...text].map((char) => (supported.has(char.codePointAt(0) ?? 0) ? char : '?')).join('')
}

function text(
  writer: Writer,
  value: string,
  x: number,
  options: { size?: number; bold?: boolean; color?: typeof INK; alignRight?: boolean } = {},
) {
  const font = options.bold ? writer.bold : writer.regular
  const size = options.size ?? 10
  const safe = printable(font, value)
  const left = options.alignRight ? x - font.widthOfTextAtSize(safe, size) : x
  writer.page.drawText(safe, { x: left, y: writer.y, size, font, color: options.color ?? INK })
}

function rule(writer: Writer) {
  const { width } = writer.page.getSize()
  writer.page.drawLine({
    start: { x: MARGIN, y: writer.y },
    end: { x: width - MARGIN, y: writer.y },
    thickness: 0.75,
    color: LINE,
  })
}

/** The invoice as a one-page PDF (Letter): number, dates, seller, customer with tax ids, lines, totals, status. */
export async function invoicePdf(invoice: Stripe.Invoice): Promise<Uint8Array> {
  const document = await PDFDocument.create()
  document.setTitle(`Invoice ${invoice.number ?? invoice.id}`)
  document.setAuthor(SELLER_NAME)
  document.setCreator('Stripe stand-in (local test mode)')
  const page = document.addPage([612, 792])
  const right = page.getSize().width - MARGIN
  const writer: Writer = {
    page,
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
    y: 792 - MARGIN - 10,
  }
  const money = (cents: number) => formatMoney(cents, invoice.currency)

  text(writer, 'Invoice', MARGIN, { size: 24, bold: true })
  text(writer, 'Stripe stand-in — local test mode', right, { size: 9, color: MUTED, alignRight: true })
  writer.y -= 34
  const facts: [string, string][] = [
    ['Invoice number', invoice.number ?? 'Draft'],
    ['Date of issue', formatDate(invoice.status_transitions.finalized_at ?? invoice.created)],
    ['Service period', `${formatDate(invoice.period_start)} – ${formatDate(invoice.period_end)}`],
    ['Status', invoiceStatusLabel(invoice)],
  ]
  for (const [label, value] of facts) {
    text(writer, label, MARGIN, { color: MUTED })
    text(writer, value, MARGIN + 110, { bold: label === 'Status' })
    writer.y -= 15
  }

  writer.y -= 15
  const top = writer.y
  text(writer, 'From', MARGIN, { bold: true })
  writer.y -= 15
  text(writer, SELLER_NAME, MARGIN)
  writer.y -= 14
  text(writer, 'Test mode: no real payment was made.', MARGIN, { color: MUTED })
  writer.y = top
  const billTo = [
    invoice.customer_name,
    invoice.customer_email,
    ...addressLines(invoice.customer_address),
    ...(invoice.customer_tax_ids ?? []).map(
      (taxId) => `${taxId.type.replace('_', ' ').toUpperCase()}: ${taxId.value}`,
    ),
  ].filter((line): line is string => Boolean(line))
  text(writer, 'Bill to', 320, { bold: true })
  for (const line of billTo) {
    writer.y -= 14
    text(writer, line, 320)
  }
  writer.y = Math.min(writer.y, top - 44) - 34

  const paid = invoice.status === 'paid' && invoice.status_transitions.paid_at
  text(
    writer,
    paid
      ? `${money(invoice.amount_paid)} paid on ${formatDate(invoice.status_transitions.paid_at ?? 0)}`
      : `${money(invoice.amount_remaining)} due`,
    MARGIN,
    { size: 16, bold: true },
  )
  writer.y -= 30

  text(writer, 'Description', MARGIN, { size: 9, color: MUTED })
  text(writer, 'Qty', 380, { size: 9, color: MUTED, alignRight: true })
  text(writer, 'Unit price', 470, { size: 9, color: MUTED, alignRight: true })
  text(writer, 'Amount', right, { size: 9, color: MUTED, alignRight: true })
  writer.y -= 8
  rule(writer)
  for (const line of invoice.lines.data) {
    writer.y -= 18
    const quantity = line.quantity ?? 1
    text(writer, line.description ?? '', MARGIN)
    text(writer, String(quantity), 380, { alignRight: true })
    text(writer, money(Math.round(line.amount / quantity)), 470, { alignRight: true })
    text(writer, money(line.amount), right, { alignRight: true })
    writer.y -= 13
    text(writer, `${formatDate(line.period.start)} – ${formatDate(line.period.end)}`, MARGIN, {
      size: 9,
      color: MUTED,
    })
    writer.y -= 8
    rule(writer)
  }

  const totals: [string, number, boolean][] = [
    ['Subtotal', invoice.subtotal, false],
    ['Total', invoice.total, true],
    ['Amount paid', invoice.amount_paid, false],
    ['Amount due', invoice.amount_remaining, true],
  ]
  writer.y -= 8
  for (const [label, amount, strong] of totals) {
    writer.y -= 16
    text(writer, label, 380, { bold: strong })
    text(writer, money(amount), right, { bold: strong, alignRight: true })
  }

  writer.y = MARGIN
  text(writer, `${SELLER_NAME} · ${invoice.hosted_invoice_url ?? invoice.id}`, MARGIN, {
    size: 8,
    color: MUTED,
  })
  return document.save()
}
