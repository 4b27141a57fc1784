import { INVALID_ROW_REASONS, type InvalidRowReason } from '@app/contracts'
import { stringify } from 'csv-stringify/sync'
import { assembleObject, importStateKey, invalidRowsKey } from './files'

export interface InvalidRow {
  row: number
  reason: InvalidRowReason
  /** Said instead of the reason's own message (the audience's refusal). */
  detail?: string
  cells: string[]
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g

/** A cell as the file had it, but a control character (a damaged or binary row) shown as U+FFFD, never copied. */
const printable = (cell: string) => cell.replace(CONTROL, '\uFFFD')

/**
 * CSV lines (CRLF) with every formula-looking cell (`= + - @`, tab, CR first) escaped by a leading quote, as every
 * file we hand out: a spreadsheet opening it runs nothing.
 */
export function invalidRowLines(rows: readonly InvalidRow[], header?: readonly string[]): string {
  const records = rows.map((row) => [
    String(row.row),
    row.reason,
    row.detail ?? INVALID_ROW_REASONS[row.reason],
    ...row.cells.map(printable),
  ])
  return stringify(header ? [['row', 'reason', 'message', ...header], ...records] : records, {
    record_delimiter: 'windows',
    escape_formulas: true,
  })
}

export const invalidPieceKey = (orgId: string, id: string, segment: number) =>
  importStateKey(orgId, id, `invalid-${segment}.csv`)

/** The invalid-rows file from the pieces each checkpoint wrote (segments without invalid rows wrote none). */
export async function assembleInvalidRows(
  orgId: string,
  id: string,
  segments: number,
  header: readonly string[],
): Promise<string> {
  const key = invalidRowsKey(orgId, id)
  const pieces = Array.from({ length: segments }, (_, segment) => invalidPieceKey(orgId, id, segment))
  await assembleObject(key, invalidRowLines([], header), pieces)
  return key
}
