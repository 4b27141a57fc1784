import { IMPORT_MAX_BYTES, type ImportCounts } from '@app/contracts'
import { AppError } from '../../errors'
import { newEvent, outboxPut } from '../../events/outbox'
import type { Logger } from '../../log'
import { readRows } from './csv-rows'
import { openFileAt, readFileHead } from './file-head'
import { importStateKey, objectSize, readSmallObject, writeObject } from './files'
import * as Repo from './imports.repo'
import { assembleInvalidRows, type InvalidRow, invalidPieceKey, invalidRowLines } from './invalid-rows'
import { checkRow, resolveColumns } from './rows'
import { SeenEmails } from './seen-emails'

export interface ValidRow {
  row: number
  email: string
  attributes: Record<string, string>
  /** The row as read, for the invalid-rows file should the audience refuse it. */
  cells: string[]
}
/** What the audience made of a row; a refused row (`failed`) joins the invalid rows with the audience's reason. */
export type RowOutcome =
  | 'created'
  | 'updated'
  | 'unchanged'
  | 'suppressed'
  | { failed: { code: string; message: string } }
/**
 * Writes a batch of rows as contacts (the audience's upsert) and says what became of each, in order. `replay`:
 * the rows follow a checkpoint a run resumed from, so a crashed run may have written them already.
 */
export type WriteRows = (
  record: Repo.ImportRecord,
  rows: ValidRow[],
  options: { replay: boolean },
) => Promise<RowOutcome[]>

export interface ImportSliceOptions {
  write: WriteRows
  /** Epoch ms: no new segment starts after it. */
  deadline: number
  owner: string
  log?: Logger
  /** Rows per checkpoint (default 5,000) and per write (default 500). */
  segmentRows?: number
  batchRows?: number
  /** Tests: runs after a segment's rows are written, before its checkpoint (throw to crash there). */
  afterWrite?: (segment: number) => void | Promise<void>
}

const LEASE_GRACE_MS = 60_000
const seenPieceKey = (orgId: string, id: string, segment: number) =>
  importStateKey(orgId, id, `seen-${segment}`)

/**
 * Works an import until done or the deadline, a segment (a few thousand rows) at a time: rows are read as a stream
 * from the checkpoint's byte on, checked, written in batches; then the segment's pieces (emails seen, invalid rows)
 * go to S3 and the checkpoint (row, byte, counts) to the import record, conditioned on the segment it started
 * from. A crash in between replays at most one segment: the same rows again give the same pieces, and writing a
 * contact its own values again changes nothing. 'more' asks for a continuation.
 */
/** The `contacts.imported` event written with the import's end, made by who started it. */
function importedEvent(
  record: Repo.ImportRecord,
  status: 'succeeded' | 'failed',
  counts: ImportCounts,
  error: { code: string; message: string } | null,
) {
  return [
    outboxPut(
      newEvent(
        'contacts.imported',
        record.orgId,
        { importId: record.id, fileName: record.fileName, status, counts, error },
        record.createdBy,
      ),
    ),
  ]
}

export async function runImportSlice(
  message: { orgId: string; importId: string },
  options: ImportSliceOptions,
): Promise<'done' | 'more' | 'busy'> {
  const { orgId, importId } = message
  const record = await Repo.claimImport(
    orgId,
    importId,
    options.owner,
    options.deadline + LEASE_GRACE_MS,
    new Date(),
  )
  if (!record) {
    const current = await Repo.getImport(orgId, importId)
    return current && (current.status === 'queued' || current.status === 'running') ? 'busy' : 'done'
  }
  try {
    return await work(record, options)
  } catch (error) {
    if (error instanceof LeaseLost) return 'busy'
    if (!(error instanceof AppError)) throw error
    const refusal = { code: error.code, message: error.message }
    await Repo.finishImport(
      orgId,
      importId,
      { status: 'failed', at: new Date().toISOString(), error: refusal },
      importedEvent(record, 'failed', record.counts, refusal),
    )
    options.log?.info('contact_import.refused', { importId, code: error.code })
    return 'done'
  }
}

async function start(record: Repo.ImportRecord, owner: string): Promise<Repo.Checkpoint> {
  const size = await objectSize(record.fileKey)
  if (size === undefined) throw new AppError('contact_import.file_not_found', 'The uploaded file is gone.')
  if (size > IMPORT_MAX_BYTES)
    throw new AppError(
      'contact_import.too_large',
      `The file is ${(size / 1024 / 1024).toFixed(1)} MB; imports take at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB (split it, or gzip it).`,
    )
  const head = await readFileHead(record.fileKey)
  resolveColumns(head.header, record.options.columns)
  const checkpoint = { segment: 0, row: 0, byte: head.dataStart, ...head }
  if (!(await Repo.saveCheckpoint(record, owner, undefined, checkpoint, Repo.NO_COUNTS)))
    throw new LeaseLost()
  return checkpoint
}

class LeaseLost extends Error {}

async function work(record: Repo.ImportRecord, options: ImportSliceOptions): Promise<'done' | 'more'> {
  // Resuming from a checkpoint: its next segment may have been written by a run that crashed.
  let replay = record.checkpoint !== undefined
  let checkpoint = record.checkpoint ?? (await start(record, options.owner))
  const columns = resolveColumns(checkpoint.header, record.options.columns)
  const seen = new SeenEmails()
  // Every valid row read so far is in the pieces: at most the rows read.
  seen.reserve(checkpoint.row)
  for (let segment = 0; segment < checkpoint.segment; segment += 1) {
    const piece = await readSmallObject(seenPieceKey(record.orgId, record.id, segment))
    if (piece) seen.addAll(piece)
  }
  const segmentRows = options.segmentRows ?? 5_000
  const batchRows = options.batchRows ?? 500
  const counts: ImportCounts = { ...record.counts }
  let batch: ValidRow[] = []
  let invalid: InvalidRow[] = []
  let row = checkpoint.row
  let lastByte = checkpoint.byte

  const flush = async () => {
    if (batch.length === 0) return
    const outcomes = await options.write(record, batch, { replay })
    for (const [index, outcome] of outcomes.entries()) {
      if (typeof outcome === 'string') counts[outcome] += 1
      else {
        const written = batch[index] as ValidRow
        counts.invalid += 1
        invalid.push({
          row: written.row,
          reason: 'contact.refused',
          detail: outcome.failed.message,
          cells: written.cells,
        })
      }
    }
    batch = []
  }
  const endSegment = async (byte: number) => {
    await flush()
    await options.afterWrite?.(checkpoint.segment)
    const { orgId, id } = record
    await writeObject(seenPieceKey(orgId, id, checkpoint.segment), seen.takeAdded())
    if (invalid.length > 0)
      await writeObject(invalidPieceKey(orgId, id, checkpoint.segment), invalidRowLines(invalid), 'text/csv')
    invalid = []
    const next = { ...checkpoint, segment: checkpoint.segment + 1, row, byte }
    if (!(await Repo.saveCheckpoint(record, options.owner, checkpoint.segment, next, counts)))
      throw new LeaseLost()
    checkpoint = next
    replay = false
  }

  const source = await openFileAt(record.fileKey, checkpoint, checkpoint.byte)
  // A defect of the file (a quote never closed, damaged gzip…): what was read before it is written, counted and
  // checkpointed like any segment, then the import fails saying where. Other errors leave the slice to be retried.
  let defect: AppError | undefined
  try {
    for await (const csvRow of readRows(source, {
      delimiter: checkpoint.delimiter,
      startByte: checkpoint.byte,
    })) {
      row += 1
      lastByte = csvRow.endByte
      counts.rows += 1
      const checked = checkRow(csvRow.cells, columns, seen)
      if (checked.valid)
        batch.push({ row, email: checked.email, attributes: checked.attributes, cells: csvRow.cells })
      else {
        counts.invalid += 1
        invalid.push({ row, reason: checked.reason, cells: csvRow.cells })
      }
      if (batch.length >= batchRows) await flush()
      if (row - checkpoint.row >= segmentRows) {
        await endSegment(csvRow.endByte)
        if (Date.now() >= options.deadline) {
          await Repo.releaseImport(record.orgId, record.id, options.owner)
          return 'more'
        }
      }
    }
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'contact_import.invalid_file')) throw error
    defect = error
  } finally {
    source.destroy()
  }
  if (row > checkpoint.row) await endSegment(lastByte)
  const invalidRowsKey =
    counts.invalid > 0
      ? await assembleInvalidRows(record.orgId, record.id, checkpoint.segment, checkpoint.header)
      : undefined
  const stopped = defect
    ? {
        code: defect.code,
        message: `Reading stopped after row ${row.toLocaleString('en')} (the rows up to it are imported): ${defect.message}`,
      }
    : null
  await Repo.finishImport(
    record.orgId,
    record.id,
    {
      status: stopped ? 'failed' : 'succeeded',
      at: new Date().toISOString(),
      ...(stopped ? { error: stopped } : {}),
      ...(invalidRowsKey ? { invalidRowsKey } : {}),
    },
    importedEvent(record, stopped ? 'failed' : 'succeeded', counts, stopped),
  )
  options.log?.info(defect ? 'contact_import.unreadable' : 'contact_import.finished', {
    importId: record.id,
    counts,
    ...(defect ? { code: defect.code } : {}),
  })
  return 'done'
}
