/**
 * Where an export's rows come from. The export machinery (inline answer or S3 job, pieces, resume, the presigned
 * download) knows no row kind: the audience's contacts are one source (`contacts-source.ts`), and a domain built
 * on the audience adds its own (a campaign's recipients with an outcome, `campaigns/reports/contacts-csv.ts`).
 * The worker gets every source by kind from core's `export-sources.ts`, so the audience imports none of them.
 */

/** What the export record keeps of the rows it selects (a source's own parameters: filters, ids, modes). */
export type ExportParams = Record<string, string | boolean>

export interface ExportPage {
  /** The rows as CSV lines (CRLF each, formula cells escaped). */
  lines: string
  rows: number
  /** Where the next page starts (a signed cursor of `db/cursor`); null after the last. */
  cursor: string | null
}

/** The rows of one export, opened for reading. */
export interface ExportReader {
  /** The header line. */
  header: string
  /**
   * Rows from `cursor` on (from the start without one). `limit` bounds the page (a source may end a page early,
   * even empty, with a cursor after it: the rest was not read yet).
   */
  page(cursor: string | undefined, limit: number): Promise<ExportPage>
}

export interface ExportSource {
  /** Its name in export records and in `export-sources.ts`. */
  kind: string
  /** Rows a page reads at most. */
  pageLimit: number
  /** Opens the rows `params` select; an AppError (the rows' owner is gone) fails the export with it. */
  open(orgId: string, params: ExportParams): Promise<ExportReader>
}

/** Every source the export worker can read, by kind. */
export type ExportSources = ReadonlyMap<string, ExportSource>
