import { zipArchive } from '@app/local-stack/testing/zip-archive'
import { describe, expect, it } from 'vitest'
import { detectDelimiter, parseRecords, previewCsv, readPreview } from './csv-preview'

describe('detectDelimiter', () => {
  it('picks the delimiter of the header line, ignoring quoted ones', () => {
    expect(detectDelimiter('email,first name\na;b;c')).toBe(',')
    expect(detectDelimiter('email;"first, name";last\n')).toBe(';')
    expect(detectDelimiter('email\tname')).toBe('\t')
    expect(detectDelimiter('email')).toBe(',')
  })
})

describe('parseRecords', () => {
  it('reads quotes, doubled quotes, delimiters and line breaks inside quotes, CRLF and blank lines', () => {
    const text = 'email,note\r\n"ana@example.com","say ""hi"", then\nleave"\r\n\r\nbo@example.com,plain\n'
    expect(parseRecords(text, ',')).toEqual([
      ['email', 'note'],
      ['ana@example.com', 'say "hi", then\nleave'],
      ['bo@example.com', 'plain'],
    ])
  })

  it('keeps the last record without a final newline, or drops it when the text was cut', () => {
    expect(parseRecords('a,b\n1,2', ',')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ])
    expect(parseRecords('a,b\n1,2\n3,', ',', true)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ])
  })
})

describe('previewCsv', () => {
  it('drops the byte order mark, trims headers, pads short rows and keeps the first rows', () => {
    const head = `\uFEFFEmail ; Prénom\nzoë@example.com;Zoë\nbo@example.com\n${'x@example.com;X\n'.repeat(10)}`
    const preview = previewCsv(head, { truncated: false, maxRows: 3 })
    expect(preview.delimiter).toBe(';')
    expect(preview.headers).toEqual(['Email', 'Prénom'])
    expect(preview.rows).toEqual([
      ['zoë@example.com', 'Zoë'],
      ['bo@example.com', ''],
      ['x@example.com', 'X'],
    ])
  })
})

describe('readPreview', () => {
  it('reads a gzip-compressed file through the browser decompression stream', async () => {
    const csv = 'email,name\nana@example.com,Ana\n'
    const gz = await new Response(new Blob([csv]).stream().pipeThrough(new CompressionStream('gzip'))).blob()
    const file = Object.assign(gz, { name: 'contacts.csv.gz' })
    expect(await readPreview(file)).toEqual({
      delimiter: ',',
      headers: ['email', 'name'],
      rows: [['ana@example.com', 'Ana']],
    })
  })

  it('reads only the head of a big file', async () => {
    const big = `email\n${'someone@example.com\n'.repeat(5000)}`
    const preview = await readPreview(Object.assign(new Blob([big]), { name: 'big.csv' }))
    expect(preview.rows).toHaveLength(5)
  })

  it('reads the one CSV of a zip archive, ignoring folders, and says what is wrong with other archives', async () => {
    const zip = zipArchive([
      { name: 'export/', content: '' },
      { name: 'export/contacts.csv', content: 'email;name\r\nana@example.com;Ana\r\n' },
    ])
    const file = Object.assign(new Blob([new Uint8Array(zip)]), { name: 'contacts.zip' })
    expect(await readPreview(file)).toEqual({
      delimiter: ';',
      headers: ['email', 'name'],
      rows: [['ana@example.com', 'Ana']],
    })
    const two = zipArchive([
      { name: 'a.csv', content: 'email\n' },
      { name: 'b.csv', content: 'email\n' },
    ])
    await expect(
      readPreview(Object.assign(new Blob([new Uint8Array(two)]), { name: 'two.zip' })),
    ).rejects.toThrow('holds 2 files')
  })
})
