import {
  type ContactExport,
  type ContactFilters,
  INLINE_EXPORT_BYTES,
  INLINE_EXPORT_ROWS,
} from '@app/contracts'
import { ulid } from 'ulid'
import { authorOf } from '../../actor'
import { AppError } from '../../errors'
import type { OrganizationContext } from '../../organizations/context'
import { presignDownload } from '../import/files'
import { enqueueTransfer } from '../import/imports'
import { type ContactRecord, getTopic, listContactsPage, type TopicRecord } from '../public'
import { contactLines } from './csv'
import * as Repo from './exports.repo'

/** A download answered at once, or the job that writes a larger one (the route answers 202 with it). */
export type ExportAnswer = { filename: string; content: string } | { accepted: ContactExport }

/** Contacts a page of the list reads (the list's own maximum). */
export const EXPORT_PAGE = 100

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
  return exportOrQueue(context, { topicId, optIn: true }, `topic-${topicId}-contacts.csv`, topic)
}

/** The whole audience, or the contacts the `GET contacts` filters select, the same way. */
export async function exportContacts(
  context: OrganizationContext,
  filters: ContactFilters,
): Promise<ExportAnswer> {
  const topic = filters.topicId ? await getTopic(context.organizationId, filters.topicId) : undefined
  if (filters.topicId && (!topic || topic.deleting)) throw new AppError('topic.not_found', 'No such topic.')
  const day = new Date().toISOString().slice(0, 10)
  return exportOrQueue(context, filters, `contacts-${day}.csv`, topic)
}

async function exportOrQueue(
  context: OrganizationContext,
  filters: ContactFilters,
  fileName: string,
  topic: TopicRecord | undefined,
): Promise<ExportAnswer> {
  const orgId = context.organizationId
  const contacts: ContactRecord[] = []
  let cursor: string | undefined
  do {
    const page = await listContactsPage(orgId, {
      ...filters,
      limit: EXPORT_PAGE,
      ...(cursor ? { cursor } : {}),
    })
    contacts.push(...page.items)
    cursor = page.nextCursor ?? undefined
  } while (cursor && contacts.length <= INLINE_EXPORT_ROWS)
  if (!cursor) {
    const content = contactLines(contacts, topic, true)
    if (Buffer.byteLength(content) <= INLINE_EXPORT_BYTES) return { filename: fileName, content }
  }
  const record: Repo.ExportRecord = {
    id: ulid(),
    orgId,
    fileName,
    filters: Object.fromEntries(
      Object.entries(filters).filter(([, value]) => value !== undefined),
    ) as Repo.ExportRecord['filters'],
    status: 'queued',
    createdBy: authorOf(context.actor),
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
