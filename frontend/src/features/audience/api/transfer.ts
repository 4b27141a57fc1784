import {
  type ContactImport,
  type ContactListQuery,
  IMPORT_FILE_TYPES,
  type ImportUploadQuery,
  type StartImportBody,
} from '@app/contracts'
import { transferRoutes } from '@app/contracts/audience/transfer-routes'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiDownload, apiRequest } from '../../../lib/api-client'
import { type ExportResult, exportFile } from '../../../lib/export-file'
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
        apiRequest(transferRoutes.getContactImport, { params: { id }, query: { organizationId }, signal }),
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
      const upload = await apiRequest(transferRoutes.prepareContactImport, {
        query: { organizationId, fileName: file.name, fileType: importFileType(file) },
      })
      await uploadToPresignedUrl(upload.uploadUrl, file, { headers: upload.headers, onProgress })
      return apiRequest(transferRoutes.startContactImport, {
        body: { organizationId, fileKey: upload.fileKey, fileName: file.name, ...options },
      })
    },
    meta: { handlesErrors: true },
    onSuccess: () => refreshAudience(queryClient, organizationId),
  })
}

/** `topic-{id}-contacts.csv`: the topic's subscribers. */
export function useExportTopic(organizationId: string) {
  return useMutation({
    mutationFn: (topicId: string): Promise<ExportResult> =>
      exportFile(
        organizationId,
        apiDownload(transferRoutes.exportTopicContacts, {
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
        apiDownload(transferRoutes.exportContacts, {
          query: { organizationId, ...filters },
          fallbackFilename: 'contacts.csv',
        }),
      ),
    meta: { handlesErrors: true },
  })
}
