import { describe, expect, it } from 'vitest'
import { filenameFromContentDisposition } from './download'

describe('filenameFromContentDisposition', () => {
  it('reads a quoted or bare filename', () => {
    expect(filenameFromContentDisposition('attachment; filename="invoices-2025-01.csv"')).toBe(
      'invoices-2025-01.csv',
    )
    expect(filenameFromContentDisposition('attachment; filename=invoices.csv')).toBe('invoices.csv')
    expect(filenameFromContentDisposition('attachment;filename="a \\"b\\".csv"')).toBe('a "b".csv')
  })

  it('prefers the UTF-8 filename* parameter', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="invoices.csv"; filename*=UTF-8''rechnungen%20M%C3%A4rz.csv`,
      ),
    ).toBe('rechnungen März.csv')
  })

  it('falls back to filename when filename* is malformed', () => {
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="ok.csv"`)).toBe(
      'ok.csv',
    )
  })

  it('drops directories and refuses empty names', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd')
    expect(filenameFromContentDisposition('attachment; filename=".."')).toBeUndefined()
    expect(filenameFromContentDisposition('attachment')).toBeUndefined()
    expect(filenameFromContentDisposition(null)).toBeUndefined()
  })
})
