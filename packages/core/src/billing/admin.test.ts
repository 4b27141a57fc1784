import { describe, expect, it } from 'vitest'
import { toCsv } from './admin'

const row = (overrides: Record<string, string>) => ({
  number: 'INV-0001',
  date: '2026-11-01',
  status: 'paid',
  description: 'Team (monthly)',
  currency: 'USD',
  total: '49.00',
  periodStart: '2026-11-01',
  periodEnd: '2026-12-01',
  organizationId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  customerName: 'Acme',
  customerEmail: 'books@acme.example',
  customerCountry: 'DE',
  customerTaxId: 'eu_vat: DE123',
  pdf: 'https://files.example/in_1/pdf',
  ...overrides,
})

describe('invoice CSV', () => {
  it('quotes separators and quotes and escapes every formula-looking cell', () => {
    const csv = toCsv([
      row({ customerName: '=HYPERLINK("http://x","y")' }),
      row({ customerName: '+1 555', customerEmail: '@sum(a1)', description: 'Team, "monthly"' }),
      row({ customerName: '-2+3', customerTaxId: '\tcmd' }),
    ])
    const [header, first, second, third] = csv.split('\r\n')
    expect(header).toBe(
      'Number,Date,Status,Description,Currency,Total,Period start,Period end,Organization,Customer,Email,Country,Tax id,PDF',
    )
    expect(first).toContain(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(second).toContain(`'+1 555`)
    expect(second).toContain(`'@sum(a1)`)
    expect(second).toContain('"Team, ""monthly"""')
    expect(third).toContain(`'-2+3`)
    expect(third).toContain(`'\tcmd`)
    expect(first).toContain(',USD,49.00,')
  })
})
