import type { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { parse } from 'csv-parse'

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

/** The file's bytes, inflated when gzipped. */
export function uncompressed(source: Readable, gzipped: boolean): Readable {
  return gzipped ? source.pipe(createGunzip()) : source
}

/**
 * Records of a CSV stream, never the whole file in memory (csv-parse): a UTF-8 byte-order mark dropped, CRLF or
 * LF, quoted fields (separators, quotes and line breaks inside), blank lines skipped, rows shorter or longer than
 * the header kept (the validator decides), rows of empty cells skipped. `startByte` resumes after a checkpoint: the stream must begin at that byte.
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
    }),
  )
  source.on('error', (error) => parser.destroy(error))
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[]
    info: { bytes: number }
  }>) {
    if (record.every((cell) => cell.trim() === '')) continue
    yield { cells: record, endByte: startByte + info.bytes }
  }
}
