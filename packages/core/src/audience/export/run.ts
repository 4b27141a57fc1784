import { AppError } from '../../errors'
import type { Logger } from '../../log'
import { assembleObject, exportFileKey, exportPieceKey, writeObject } from '../import/files'
import * as Repo from './exports.repo'
import type { ExportSources } from './source'

export interface ExportSliceOptions {
  deadline: number
  owner: string
  log?: Logger
  /** Where each kind of export reads its rows (core's `export-sources.ts`). */
  sources: ExportSources
  /** Rows per piece (default 20,000; a piece ends with the page that reaches it). */
  pieceRows?: number
}

const LEASE_GRACE_MS = 60_000

/**
 * Works an export until done or the deadline, a piece at a time: pages of its source's rows (from the cursor the
 * record holds) become one CSV piece in S3, then the record moves on (pieces, rows, cursor) conditioned on the
 * piece count it started from, so a crash rewrites at most the piece in flight. At the end the pieces become the
 * file (one object, multipart when large).
 */
export async function runExportSlice(
  message: { orgId: string; exportId: string },
  options: ExportSliceOptions,
): Promise<'done' | 'more' | 'busy'> {
  const { orgId, exportId } = message
  const claimed = await Repo.claimExport(
    orgId,
    exportId,
    options.owner,
    options.deadline + LEASE_GRACE_MS,
    Date.now(),
  )
  if (!claimed) {
    const current = await Repo.getExport(orgId, exportId)
    return current && (current.status === 'queued' || current.status === 'running') ? 'busy' : 'done'
  }
  let record: Repo.ExportRecord = claimed
  const source = options.sources.get(record.source)
  // A record of a kind this deployment does not know: retried (a newer worker knows it), never half-written.
  if (!source) throw new Error(`No export source ${record.source}`)
  const pieceRows = options.pieceRows ?? 20_000
  const limit = Math.min(source.pageLimit, pieceRows)
  let header: string
  try {
    const reader = await source.open(orgId, record.filters)
    header = reader.header
    while (record.pieces === 0 || record.cursor) {
      const lines: string[] = []
      let rows = 0
      let cursor = record.cursor ?? undefined
      do {
        const page = await reader.page(cursor, limit)
        lines.push(page.lines)
        rows += page.rows
        cursor = page.cursor ?? undefined
      } while (cursor && rows < pieceRows)
      await writeObject(exportPieceKey(orgId, exportId, record.pieces), lines.join(''), 'text/csv')
      const progress: { pieces: number; rows: number; cursor: string | null } = {
        pieces: record.pieces + 1,
        rows: record.rows + rows,
        cursor: cursor ?? null,
      }
      if (!(await Repo.savePiece(record, options.owner, record.pieces, progress))) return 'busy'
      record = { ...record, ...progress }
      if (record.cursor && Date.now() >= options.deadline) {
        await Repo.releaseExport(orgId, exportId, options.owner)
        return 'more'
      }
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    await Repo.finishExport(orgId, exportId, {
      at: new Date().toISOString(),
      error: { code: error.code, message: error.message },
    })
    return 'done'
  }
  const fileKey = exportFileKey(orgId, exportId)
  const pieces = Array.from({ length: record.pieces }, (_, piece) => exportPieceKey(orgId, exportId, piece))
  await assembleObject(fileKey, header, pieces)
  await Repo.finishExport(orgId, exportId, { at: new Date().toISOString(), fileKey })
  options.log?.info('contact_export.finished', { exportId, source: record.source, rows: record.rows })
  return 'done'
}
