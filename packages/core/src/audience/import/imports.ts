import {
  type ContactImport,
  IMPORT_MAX_BYTES,
  type ImportUpload,
  type ImportUploadQuerySchema,
  type StartImportBodySchema,
  TRANSFER_URL_SECONDS,
  UlidSchema,
} from '@app/contracts'
import { SendMessageCommand } from '@aws-sdk/client-sqs'
import { ulid } from 'ulid'
import * as z from 'zod'
import { principalOf } from '../../actor'
import { sqs } from '../../aws'
import { AppError } from '../../errors'
import type { OrganizationContext } from '../../organizations/public'
import { contactTransferQueueUrl } from '../env'
import { getTopic } from '../topics.repo'
import { importFileKey, objectSize, ownImportId, presignDownload, presignUpload } from './files'
import * as Repo from './imports.repo'

/** What the contactTransfer queue carries: an import or an export to work on (a slice per message). */
export const TransferMessageSchema = z.union([
  z.object({ orgId: UlidSchema, importId: UlidSchema }).strict(),
  z.object({ orgId: UlidSchema, exportId: UlidSchema }).strict(),
])
export type TransferMessage = z.infer<typeof TransferMessageSchema>

const importNotFound = () => new AppError('contact_import.not_found', 'No such import.')
const fileNotFound = () =>
  new AppError('contact_import.file_not_found', 'No uploaded file of this organization has this key.')

/** Where the browser puts the file: a presigned PUT to `imports/<orgId>/<id>`, valid for 15 minutes. */
export async function prepareUpload(
  { organizationId }: OrganizationContext,
  query: z.output<typeof ImportUploadQuerySchema>,
  now = new Date(),
): Promise<ImportUpload> {
  const fileKey = importFileKey(organizationId, ulid())
  return {
    uploadUrl: await presignUpload(fileKey, query.fileType),
    method: 'PUT',
    headers: { 'Content-Type': query.fileType },
    fileKey,
    expiresAt: new Date(now.getTime() + TRANSFER_URL_SECONDS * 1000).toISOString(),
    maxBytes: IMPORT_MAX_BYTES,
  }
}

export async function enqueueTransfer(message: TransferMessage): Promise<void> {
  await sqs().send(
    new SendMessageCommand({ QueueUrl: contactTransferQueueUrl(), MessageBody: JSON.stringify(message) }),
  )
}

/**
 * Starts the import of an uploaded file: only the organization's own upload keys (any other, or nothing uploaded
 * there, is 404), at most `IMPORT_MAX_BYTES` (the worker checks again: the object could be replaced), one import
 * per upload (409 for a second start). Answers the queued import; the worker does the rest.
 */
export async function startImport(
  context: OrganizationContext,
  body: z.output<typeof StartImportBodySchema>,
  now = new Date(),
): Promise<ContactImport> {
  const orgId = context.organizationId
  const id = ownImportId(orgId, body.fileKey)
  if (!id) throw fileNotFound()
  const size = await objectSize(body.fileKey)
  if (size === undefined) throw fileNotFound()
  if (size > IMPORT_MAX_BYTES)
    throw new AppError(
      'contact_import.too_large',
      `Imports take files of at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
    )
  const topics = await Promise.all(body.topicIds.map((topicId) => getTopic(orgId, topicId)))
  if (topics.some((topic) => !topic || topic.deleting))
    throw new AppError('topic.not_found', 'No such topic.')
  const record: Repo.ImportRecord = {
    id,
    orgId,
    fileName: body.fileName ?? `${id}.csv`,
    fileKey: body.fileKey,
    status: 'queued',
    options: {
      ...(body.columns
        ? { columns: { email: body.columns.email, attributes: body.columns.attributes } }
        : {}),
      topicIds: body.topicIds,
      existing: body.existing,
    },
    createdBy: principalOf(context.actor),
    createdAt: now.toISOString(),
    counts: Repo.NO_COUNTS,
    fileBytes: size,
    bytesRead: 0,
  }
  if (!(await Repo.createImport(record)))
    throw new AppError(
      'contact_import.already_started',
      'This upload is imported already; upload the file again.',
    )
  await enqueueTransfer({ orgId, importId: id })
  return toContactImport(record)
}

export async function getImport({ organizationId }: OrganizationContext, id: string): Promise<ContactImport> {
  const record = await Repo.getImport(organizationId, id)
  if (!record) throw importNotFound()
  return toContactImport(record)
}

export async function toContactImport(record: Repo.ImportRecord): Promise<ContactImport> {
  const { counts } = record
  const finished = record.status === 'succeeded'
  return {
    id: record.id,
    organizationId: record.orgId,
    fileName: record.fileName,
    status: record.status,
    counts,
    progress: { bytesRead: record.bytesRead, fileBytes: record.fileBytes },
    error: record.error ?? null,
    changedNothing: finished && counts.created === 0 && counts.updated === 0,
    invalidRowsUrl: record.invalidRowsKey
      ? await presignDownload(record.invalidRowsKey, `invalid-rows-${record.id}.csv`)
      : null,
    createdAt: record.createdAt,
    finishedAt: record.finishedAt ?? null,
  }
}
