import { type ContactExport, ContactExportSchema } from '@app/contracts'
import { transferRoutes } from '@app/contracts/audience/transfer-routes'
import { apiRequest } from './api-client'
import { ApiError } from './api-error'
import { saveFile } from './download'

/** How often an export written by a job is read again. */
export const EXPORT_POLL_MS = 1500

export type ExportResult = 'downloaded'

/** Hands the browser a presigned GET: S3 answers with the file as an attachment under the export's name. */
function downloadFromUrl(url: string) {
  const link = document.createElement('a')
  link.href = url
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
}

/** Reads an export job again by id. */
export type ReadExport = (exportId: string) => Promise<ContactExport>

/** Waits for an export job's file (read again until it has a download URL, or failed). */
async function finishedExport(started: ContactExport, read: ReadExport): Promise<string> {
  let current = started
  for (;;) {
    if (current.downloadUrl) return current.downloadUrl
    if (current.status === 'failed')
      throw new ApiError(
        500,
        current.error?.code ?? 'contact_export.failed',
        current.error?.message ?? 'The export failed.',
      )
    await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_MS))
    current = await read(current.id)
  }
}

/**
 * A CSV route (contacts, a topic, a campaign's contacts, the audit log) answers the file itself (small exports) or
 * 202 with the job writing it to S3: either way the browser ends with the file, named as the server named it. The
 * job is read through `GET contacts/export/{id}` unless the route's feature has its own (`read`).
 */
export async function exportFile(
  organizationId: string,
  download: Promise<{ blob: Blob; filename: string }>,
  read: ReadExport = (id) =>
    apiRequest(transferRoutes.getContactExport, { params: { id }, query: { organizationId } }),
): Promise<ExportResult> {
  const { blob, filename } = await download
  if (!blob.type.includes('json')) {
    saveFile(blob, filename)
    return 'downloaded'
  }
  const started = ContactExportSchema.safeParse(JSON.parse(await blob.text()))
  if (!started.success)
    throw new ApiError(500, 'response.invalid', 'The server sent an answer this app does not understand.')
  downloadFromUrl(await finishedExport(started.data, read))
  return 'downloaded'
}
