import {
  type ContactExport,
  ContactExportSchema,
  type ContactImport,
  type ContactListQuery,
  IMPORT_FILE_TYPES,
  type ImportUploadQuery,
  routes,
  type StartImportBody,
} from '@app/contracts'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiDownload, apiRequest } from '../../../lib/api-client'
import { ApiError } from '../../../lib/api-error'
import { saveFile } from '../../../lib/download'
import { type UploadProgress, uploadToPresignedUrl } from '../import/upload'
import { refreshAudience } from './audience'

/** How often a running import is read again. */
export const IMPORT_POLL_MS = 1000

const isDone = (contactImport: ContactImport) =>
  contactImport.status === 'succeeded' || contactImport.status === 'failed'

export const importQueries = {
  /** One import, read again every second until it has finished. */
  detail: (organizationId: string, id: string, initial?: ContactImport) =>
    queryOptions({
      queryKey: ['contact-imports', organizationId, id] as const,
      queryFn: ({ signal }) =>
        apiRequest(routes.getContactImport, { params: { id }, query: { organizationId }, signal }),
      ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
      refetchInterval: (query) => (query.state.data && isDone(query.state.data) ? false : IMPORT_POLL_MS),
    }),
}

/** The media type the API takes for a chosen file (browsers report CSV differently; gzip and zip by extension). */
export function importFileType(file: { name: string; type: string }): ImportUploadQuery['fileType'] {
  if (/\.gz$/i.test(file.name)) return 'application/gzip'
  if (/\.zip$/i.test(file.name)) return 'application/zip'
  return (IMPORT_FILE_TYPES as readonly string[]).includes(file.type)
    ? (file.type as ImportUploadQuery['fileType'])
    : 'text/csv'
}

/**
 * The whole start of an import: a presigned PUT from the API, the file straight to S3 (with progress), then the
 * job. Answers the import as it started.
 */
export function useStartImport(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({
      file,
      options,
      onProgress,
    }: {
      file: File
      options: Omit<StartImportBody, 'organizationId' | 'fileKey'>
      onProgress: (progress: UploadProgress) => void
    }): Promise<ContactImport> => {
      const upload = await apiRequest(routes.prepareContactImport, {
        query: { organizationId, fileName: file.name, fileType: importFileType(file) },
      })
      await uploadToPresignedUrl(upload.uploadUrl, file, { headers: upload.headers, onProgress })
      return apiRequest(routes.startContactImport, {
        body: { organizationId, fileKey: upload.fileKey, fileName: file.name, ...options },
      })
    },
    meta: { handlesErrors: true },
    onSuccess: () => refreshAudience(queryClient, organizationId),
  })
}

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

/** Waits for an export job's file (`GET contacts/export/{id}` until it has a download URL, or failed). */
async function finishedExport(organizationId: string, started: ContactExport): Promise<string> {
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
    current = await apiRequest(routes.getContactExport, {
      params: { id: current.id },
      query: { organizationId },
    })
  }
}

/**
 * An export route answers the CSV itself (small exports) or 202 with the job writing it to S3: either way the
 * browser ends with the file, named as the server named it.
 */
async function exportFile(organizationId: string, download: Promise<{ blob: Blob; filename: string }>) {
  const { blob, filename } = await download
  if (!blob.type.includes('json')) {
    saveFile(blob, filename)
    return 'downloaded' as const
  }
  const started = ContactExportSchema.safeParse(JSON.parse(await blob.text()))
  if (!started.success)
    throw new ApiError(500, 'response.invalid', 'The server sent an answer this app does not understand.')
  downloadFromUrl(await finishedExport(organizationId, started.data))
  return 'downloaded' as const
}

/** `topic-{id}-contacts.csv`: the topic's subscribers. */
export function useExportTopic(organizationId: string) {
  return useMutation({
    mutationFn: (topicId: string): Promise<ExportResult> =>
      exportFile(
        organizationId,
        apiDownload(routes.exportTopicContacts, {
          params: { id: topicId },
          query: { organizationId },
          fallbackFilename: `topic-${topicId}-contacts.csv`,
        }),
      ),
    meta: { handlesErrors: true },
  })
}

/** The whole audience, or what the filters select. */
export function useExportContacts(organizationId: string) {
  return useMutation({
    mutationFn: (
      filters: Omit<ContactListQuery, 'organizationId' | 'cursor' | 'limit'>,
    ): Promise<ExportResult> =>
      exportFile(
        organizationId,
        apiDownload(routes.exportContacts, {
          query: { organizationId, ...filters },
          fallbackFilename: 'contacts.csv',
        }),
      ),
    meta: { handlesErrors: true },
  })
}
