import {
  type ContactExport,
  type ContactFilters,
  INLINE_EXPORT_BYTES,
  INLINE_EXPORT_ROWS,
} from '@app/contracts'
import { ulid } from 'ulid'
import { principalOf } from '../../actor'
import { AppError } from '../../errors'
import type { OrganizationContext } from '../../organizations/public'
import { presignDownload } from '../import/files'
import { enqueueTransfer } from '../import/imports'
import { getTopic } from '../topics.repo'
import { contactsSource } from './contacts-source'
import * as Repo from './exports.repo'
import type { ExportParams, ExportSource } from './source'

/** A download answered at once, or the job that writes a larger one (the route answers 202 with it). */
export type ExportAnswer = { filename: string; content: string } | { accepted: ContactExport }

/** The largest file answered at once (larger ones are written to S3 by a job). */
export interface InlineLimits {
  rows: number
  bytes: number
}
const INLINE: InlineLimits = { rows: INLINE_EXPORT_ROWS, bytes: INLINE_EXPORT_BYTES }

const exportNotFound = () => new AppError('contact_export.not_found', 'No such export.')

/**
 * `GET topics/{id}/contacts`: the topic's subscribers (effective OPT_IN) as `topic-{id}-contacts.csv`, inline when
 * small, else written to S3 by a job.
 */
export async function exportTopicContacts(
  context: OrganizationContext,
  topicId: string,
): Promise<ExportAnswer> {
  const topic = await getTopic(context.organizationId, topicId)
  if (!topic || topic.deleting) throw new AppError('topic.not_found', 'No such topic.')
  return exportRows(context, contactsSource, {
    // Effective OPT_IN as SES reads it: an explicit opt-in, or no choice in a topic whose default is OPT_IN.
    params: { topicId, optIn: true, optInByDefault: true },
    fileName: `topic-${topicId}-contacts.csv`,
  })
}

/** The whole audience, or the contacts the `GET contacts` filters select, the same way. */
export async function exportContacts(
  context: OrganizationContext,
  filters: ContactFilters,
): Promise<ExportAnswer> {
  const topic = filters.topicId ? await getTopic(context.organizationId, filters.topicId) : undefined
  if (filters.topicId && (!topic || topic.deleting)) throw new AppError('topic.not_found', 'No such topic.')
  const day = new Date().toISOString().slice(0, 10)
  const params = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as ExportParams
  return exportRows(context, contactsSource, { params, fileName: `contacts-${day}.csv` })
}

/** The rows of an export (the source's parameters) and the file's name. */
export interface ExportRequest {
  params: ExportParams
  fileName: string
}

/**
 * Reads the rows page by page while they fit the inline limits and answers the file; past them (or when the
 * file would be too large), records the export and queues the job that writes it to S3 from the start.
 */
export async function exportRows(
  context: OrganizationContext,
  source: ExportSource,
  request: ExportRequest,
  inline: InlineLimits = INLINE,
): Promise<ExportAnswer> {
  const orgId = context.organizationId
  const reader = await source.open(orgId, request.params)
  const lines: string[] = [reader.header]
  let rows = 0
  let bytes = Buffer.byteLength(reader.header)
  let cursor: string | undefined
  do {
    const page = await reader.page(cursor, source.pageLimit)
    lines.push(page.lines)
    rows += page.rows
    bytes += Buffer.byteLength(page.lines)
    cursor = page.cursor ?? undefined
  } while (cursor && rows <= inline.rows && bytes <= inline.bytes)
  if (!cursor && rows <= inline.rows && bytes <= inline.bytes)
    return { filename: request.fileName, content: lines.join('') }
  const record: Repo.ExportRecord = {
    id: ulid(),
    orgId,
    fileName: request.fileName,
    source: source.kind,
    filters: request.params,
    status: 'queued',
    createdBy: principalOf(context.actor),
    createdAt: new Date().toISOString(),
    rows: 0,
    pieces: 0,
    cursor: null,
  }
  await Repo.createExport(record)
  await enqueueTransfer({ orgId, exportId: record.id })
  return { accepted: await toContactExport(record) }
}

export async function getExport({ organizationId }: OrganizationContext, id: string): Promise<ContactExport> {
  const record = await Repo.getExport(organizationId, id)
  if (!record) throw exportNotFound()
  return toContactExport(record)
}

export async function toContactExport(record: Repo.ExportRecord): Promise<ContactExport> {
  return {
    id: record.id,
    organizationId: record.orgId,
    fileName: record.fileName,
    status: record.status,
    rows: record.rows,
    downloadUrl: record.fileKey ? await presignDownload(record.fileKey, record.fileName) : null,
    error: record.error ?? null,
    createdAt: record.createdAt,
    finishedAt: record.finishedAt ?? null,
  }
}
