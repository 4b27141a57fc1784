import { zipCsvHead } from './zip-preview'
/**
 * The first rows of a CSV file, read in the browser before the upload so the person can map its columns. Only
 * the head of the file is read (the import job streams the whole file on the server with csv-parse); this follows
 * the same dialect rules: a byte order mark, CRLF or LF, quoted fields with doubled quotes, blank lines skipped,
 * and the delimiter (`,` `;` or tab) detected from the header line.
 */

export type Delimiter = ',' | ';' | '\t'

export interface CsvPreview {
  delimiter: Delimiter
  /** The header row (the first non-blank line), trimmed. */
  headers: string[]
  /** Up to `maxRows` data rows after it, each as long as the header (missing cells are ''). */
  rows: string[][]
}

const DELIMITERS: readonly Delimiter[] = [',', ';', '\t']

/** The delimiter that occurs most often outside quotes in the first line (`,` when none does). */
export function detectDelimiter(text: string): Delimiter {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((delimiter) => [delimiter, 0]))
  let quoted = false
  for (const char of text) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) break
    else if (!quoted && counts.has(char as Delimiter))
      counts.set(char as Delimiter, (counts.get(char as Delimiter) ?? 0) + 1)
  }
  let best: Delimiter = ','
  for (const delimiter of DELIMITERS)
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter
  return best
}

/**
 * Records of `text`; when `truncated` (only the head of a bigger file was read), the last record, which may be
 * cut in the middle, is dropped.
 */
export function parseRecords(text: string, delimiter: Delimiter, truncated = false): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  let i = 0
  const endRecord = () => {
    record.push(field)
    field = ''
    // A blank line is no record.
    if (!(record.length === 1 && record[0] === '')) records.push(record)
    record = []
  }
  while (i < text.length) {
    const char = text[i] as string
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i += 2
        continue
      }
      if (char === '"') quoted = false
      else field += char
      i += 1
      continue
    }
    if (char === '"' && field === '') quoted = true
    else if (char === delimiter) {
      record.push(field)
      field = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      endRecord()
      i += 1
    } else if (char === '\n' || char === '\r') endRecord()
    else field += char
    i += 1
  }
  if (!truncated && (field !== '' || record.length > 0)) endRecord()
  return records
}

/** Reads the preview from the head of a file's text. */
export function previewCsv(
  head: string,
  { truncated, maxRows = 5 }: { truncated: boolean; maxRows?: number },
) {
  const text = head.startsWith('\uFEFF') ? head.slice(1) : head
  const delimiter = detectDelimiter(text)
  const [header = [], ...data] = parseRecords(text, delimiter, truncated)
  const headers = header.map((cell) => cell.trim())
  const rows = data.slice(0, maxRows).map((row) => headers.map((_header, index) => row[index] ?? ''))
  return { delimiter, headers, rows } satisfies CsvPreview
}

/** How much of the file the preview reads. */
export const PREVIEW_BYTES = 64 * 1024

/**
 * The preview of a chosen file: plain CSV, gzip-compressed CSV decompressed in the browser as it streams, or the
 * one CSV of a zip archive.
 */
export async function readPreview(file: Blob & { name: string }): Promise<CsvPreview> {
  if (/\.zip$/i.test(file.name)) {
    const { text, done } = await zipCsvHead(file, PREVIEW_BYTES)
    return previewCsv(text, { truncated: !done })
  }
  if (/\.gz$/i.test(file.name)) {
    const stream = file
      .stream()
      .pipeThrough(new DecompressionStream('gzip'))
      .pipeThrough(new TextDecoderStream())
    const reader = stream.getReader()
    let text = ''
    let done = false
    while (!done && text.length < PREVIEW_BYTES) {
      const chunk = await reader.read()
      done = chunk.done
      if (chunk.value) text += chunk.value
    }
    await reader.cancel().catch(() => undefined)
    return previewCsv(text, { truncated: !done })
  }
  const truncated = file.size > PREVIEW_BYTES
  return previewCsv(await file.slice(0, PREVIEW_BYTES).text(), { truncated })
}
