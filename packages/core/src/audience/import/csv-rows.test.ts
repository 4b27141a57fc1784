import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors'
import { type CsvRow, detectDelimiter, isGzip, MAX_RECORD_CHARS, readRows, uncompressed } from './csv-rows'

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

  /** What reading the stream threw, after the rows it gave. */
  async function failure(rows: AsyncIterable<CsvRow>): Promise<{ read: string[][]; error: unknown }> {
    const read: string[][] = []
    try {
      for await (const row of rows) read.push(row.cells)
    } catch (error) {
      return { read, error }
    }
    throw new Error(`no error after ${read.length} rows`)
  }

  it('refuses a quote never closed, and a row over the record limit, as a defect of the file after the rows before it', async () => {
    const open = Buffer.from('email,name\r\na@example.com,Ana\r\nb@example.com,"Bo\r\nc@example.com,Cy\r\n')
    const quote = await failure(readRows(chunked(open, 4), { delimiter: ',' }))
    // The rows before the defect (those the parser had not handed over yet are dropped with it), never one after.
    expect(
      [
        ['email', 'name'],
        ['a@example.com', 'Ana'],
      ].slice(0, quote.read.length),
    ).toEqual(quote.read)
    expect(quote.error).toBeInstanceOf(AppError)
    expect(quote.error).toMatchObject({ code: 'contact_import.invalid_file', message: /never closed/ })

    // A quote left open on a long file: the parser stops at the limit instead of holding the rest of the file.
    const long = Buffer.concat([
      Buffer.from('email,name\r\na@example.com,"Ana\r\n'),
      Buffer.from('x@example.com,X\r\n'.repeat(Math.ceil((MAX_RECORD_CHARS + 1) / 17))),
    ])
    const tooLong = await failure(readRows(chunked(long, 64 * 1024), { delimiter: ',' }))
    expect(tooLong.read.length).toBeLessThanOrEqual(1)
    expect(tooLong.error).toMatchObject({ code: 'contact_import.invalid_file', message: /longer than 1 MB/ })
  })

  it('refuses damaged gzip, and gzip inflating past the limit, as defects of the file', async () => {
    const gz = gzipSync(FILE)
    const cut = await failure(
      readRows(uncompressed(chunked(gz.subarray(0, gz.length - 12), 16), true), { delimiter: ';' }),
    )
    expect(cut.error).toMatchObject({ code: 'contact_import.invalid_file', message: /damaged or cut short/ })

    const bomb = gzipSync(Buffer.from(`email\n${'a@example.com\n'.repeat(100_000)}`))
    const big = await failure(
      readRows(uncompressed(chunked(bomb, 1024), true, 1024 * 1024), { delimiter: ',' }),
    )
    expect(big.read.length).toBeGreaterThan(1)
    expect(big.read.length).toBeLessThan(100_000)
    expect(big.error).toMatchObject({
      code: 'contact_import.invalid_file',
      message: /inflates to more than 1 MB/,
    })
  })

  it('leaves an error of the upload itself (not the file) as it is, for the slice to be retried', async () => {
    const source = new Readable({ read() {} })
    source.push(Buffer.from('email\r\na@example.com\r\n'))
    setTimeout(() => source.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })), 10)
    const reset = await failure(readRows(source, { delimiter: ',' }))
    expect(reset.error).not.toBeInstanceOf(AppError)
    expect(reset.error).toMatchObject({ code: 'ECONNRESET' })
  })
})
