import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { type CsvRow, detectDelimiter, isGzip, readRows, uncompressed } from './csv-rows'

/** The bytes in chunks of `size`, so records and multi-byte characters straddle chunk boundaries. */
const chunked = (bytes: Buffer, size: number) => {
  const chunks: Buffer[] = []
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size))
  return Readable.from(chunks)
}

async function all(rows: AsyncIterable<CsvRow>): Promise<CsvRow[]> {
  const out: CsvRow[] = []
  for await (const row of rows) out.push(row)
  return out
}

const FILE = Buffer.from(
  '\uFEFFEmail;First name;Note\r\n' +
    'ana@example.com;"Ana; María";"She said ""hi"""\r\n' +
    '\r\n' +
    ';;\r\n' +
    'zoë@example.com;Zoë;"two\r\nlines"\r\n' +
    'last@example.com;Last;no newline at the end',
)

describe('detectDelimiter', () => {
  it('takes the separator found most often outside quotes in the first line', () => {
    expect(detectDelimiter('email,name\na;b;c;d')).toBe(',')
    expect(detectDelimiter('\uFEFFemail;"last, first";x\n')).toBe(';')
    expect(detectDelimiter('email\tname\r\n')).toBe('\t')
    expect(detectDelimiter('email')).toBe(',')
  })
})

describe('readRows', () => {
  it('reads BOM, CRLF, semicolons, quotes, unicode and line breaks in quotes, skipping blank lines', async () => {
    for (const size of [1, 7, FILE.length]) {
      const rows = await all(readRows(chunked(FILE, size), { delimiter: ';' }))
      expect(rows.map((row) => row.cells)).toEqual([
        ['Email', 'First name', 'Note'],
        ['ana@example.com', 'Ana; María', 'She said "hi"'],
        ['zoë@example.com', 'Zoë', 'two\r\nlines'],
        ['last@example.com', 'Last', 'no newline at the end'],
      ])
      expect(rows.at(-1)?.endByte).toBe(FILE.length)
    }
  })

  it('resumes at a record’s end byte with the same rows as an uninterrupted read', async () => {
    const whole = await all(readRows(chunked(FILE, 5), { delimiter: ';' }))
    for (const [index, row] of whole.entries()) {
      const rest = await all(
        readRows(chunked(FILE.subarray(row.endByte), 3), {
          delimiter: ';',
          startByte: row.endByte,
        }),
      )
      expect(rest).toEqual(whole.slice(index + 1))
    }
  })

  it('inflates a gzipped file, known by its magic number', async () => {
    const gz = gzipSync(FILE)
    expect(isGzip(gz)).toBe(true)
    expect(isGzip(FILE)).toBe(false)
    const rows = await all(readRows(uncompressed(chunked(gz, 16), true), { delimiter: ';' }))
    expect(rows).toHaveLength(4)
    expect(rows.at(-1)?.endByte).toBe(FILE.length)
  })
})
