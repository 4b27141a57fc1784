import { type Readable, Transform } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { IMPORT_MAX_UNCOMPRESSED_BYTES } from '@app/contracts'
import { parse } from 'csv-parse'
import { AppError } from '../../errors'

/** Separators an uploaded CSV may use (spreadsheets in many locales write `;`). */
export const DELIMITERS = [',', ';', '\t'] as const
export type Delimiter = (typeof DELIMITERS)[number]

export interface CsvRow {
  cells: string[]
  /** Offset just past the record and its line break, in the file's (uncompressed) bytes: where to resume. */
  endByte: number
}

export interface ReadRowsOptions {
  delimiter: Delimiter
  /** Resume: the stream starts at this uncompressed byte of the file (a record's `endByte`, after the header). */
  startByte?: number
}

/**
 * The separator of a file, from its first line: the candidate found most often outside quotes (`,` when none is).
 */
export function detectDelimiter(sample: string): Delimiter {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]))
  let quoted = false
  for (const char of sample.replace(/^\uFEFF/, '')) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) break
    else if (!quoted && counts.has(char as Delimiter))
      counts.set(char as Delimiter, (counts.get(char as Delimiter) ?? 0) + 1)
  }
  let best: Delimiter = ','
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter
  return best
}

/** gzip's magic number: an upload is inflated when it starts with it, whatever its name says. */
export function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b
}

/**
 * A record (its fields and separators) longer than this is refused: no real row comes near it, and without a
 * bound a quote left open would make the parser hold the rest of the file as one field.
 */
export const MAX_RECORD_CHARS = 1024 * 1024

const unreadable = (message: string) => new AppError('contact_import.invalid_file', message)

/**
 * The file's bytes, inflated when gzipped: a read error of the upload ends the inflated stream too, and a file
 * inflating past `IMPORT_MAX_UNCOMPRESSED_BYTES` (a gzip bomb) is refused, as a zip's is.
 */
export function uncompressed(
  source: Readable,
  gzipped: boolean,
  limit = IMPORT_MAX_UNCOMPRESSED_BYTES,
): Readable {
  if (!gzipped) return source
  let inflated = 0
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflated += chunk.length
      if (inflated <= limit) done(null, chunk)
      else
        done(
          unreadable(
            `The gzipped file inflates to more than ${Math.round(limit / 1024 / 1024)} MB; imports take at most that.`,
          ),
        )
    },
  })
  const gunzip = createGunzip()
  source.on('error', (error) => gunzip.destroy(error))
  gunzip.on('error', (error) => bounded.destroy(error))
  return source.pipe(gunzip).pipe(bounded)
}

/**
 * A defect of the file met while reading it, as the import's clear refusal; any other error (the upload could not
 * be read) is left as it is, for the slice to be retried.
 */
export function fileDefect(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error
  const code = (error as { code?: unknown }).code
  if (code === 'CSV_QUOTE_NOT_CLOSED')
    return unreadable('A quoted field is never closed: a " opens a value and no " ends it.')
  if (code === 'CSV_MAX_RECORD_SIZE')
    return unreadable(
      `A row is longer than ${MAX_RECORD_CHARS / 1024 / 1024} MB of text, usually a quote left open (a " with no closing ").`,
    )
  if (typeof code === 'string' && code.startsWith('CSV_'))
    return unreadable(`The file is not a readable CSV (${code.slice(4).toLowerCase().replaceAll('_', ' ')}).`)
  if (typeof code === 'string' && code.startsWith('Z_'))
    return unreadable('The gzipped file is damaged or cut short: it cannot be inflated to the end.')
  // yauzl, checking the inflated size of a zip's file against the size its archive states.
  if (/bytes in the stream/.test(error.message))
    return unreadable('The file in the zip archive is damaged: it does not inflate to the size it states.')
  return error
}

/**
 * Records of a CSV stream, never the whole file in memory (csv-parse): a UTF-8 byte-order mark dropped, CRLF or
 * LF, quoted fields (separators, quotes and line breaks inside), blank lines skipped, rows shorter or longer than
 * the header kept (the validator decides), rows of empty cells skipped; a file defect (a quote never closed, a
 * row over `MAX_RECORD_CHARS`, damaged gzip or zip) is thrown as `contact_import.invalid_file`. `startByte`
 * resumes after a checkpoint: the stream must begin at that byte.
 */
export async function* readRows(source: Readable, options: ReadRowsOptions): AsyncGenerator<CsvRow> {
  const startByte = options.startByte ?? 0
  const parser = source.pipe(
    parse({
      bom: startByte === 0,
      delimiter: options.delimiter,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: MAX_RECORD_CHARS,
    }),
  )
  source.on('error', (error) => parser.destroy(error))
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[]
      info: { bytes: number }
    }>) {
      if (record.every((cell) => cell.trim() === '')) continue
      yield { cells: record, endByte: startByte + info.bytes }
    }
  } catch (error) {
    throw fileDefect(error)
  }
}
