import * as z from 'zod'
import { UlidSchema } from '../ids'
import { nonBlank, safeName, uniqueItems } from '../text'
import { AttributeNameSchema } from './attribute-names'
import { ImportCountsSchema } from './import-counts'
import { CONTACTS_MAX } from './schemas'

export { TRANSFER_ERROR_STATUS } from './transfer-errors'

/**
 * Contact import and export (spec §7 Contacts: `GET contacts/import`, `POST contacts/import`; Topics:
 * `GET topics/{id}/contacts`, §9 `topic-{id}-contacts.csv`). Files go straight between the browser and S3 through
 * short-lived presigned URLs; the API only hands them out and starts the background work.
 */

/** Largest upload an import reads (checked on the stored object: a presigned PUT cannot bound the size). */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024
/** How long a presigned upload or download URL works. */
export const TRANSFER_URL_SECONDS = 15 * 60
/** Uploads, exports and invalid-row files are deleted this long after they were written (S3 lifecycle). */
export const TRANSFER_RETENTION_DAYS = 7
/** Columns a file may have (the first row names them). */
export const IMPORT_MAX_COLUMNS = 100

/**
 * The most a compressed upload (`.csv.gz`, `.zip`) may inflate to: a zip states its files' sizes, checked before
 * reading and while inflating (a zip bomb is refused, not unpacked).
 */
export const IMPORT_MAX_UNCOMPRESSED_BYTES = 1024 * 1024 * 1024

/** Media types browsers give a CSV, a gzipped CSV or a zip (Windows reports `.csv` as an Excel type). */
export const IMPORT_FILE_TYPES = [
  'text/csv',
  'application/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/gzip',
  'application/x-gzip',
  'application/zip',
  'application/x-zip-compressed',
] as const

/** `imports/<organizationId>/<ULID>`: the only keys an organization's import may name. */
export const IMPORT_FILE_KEY_PATTERN = /^imports\/([0-9A-HJKMNP-TV-Z]{26})\/([0-9A-HJKMNP-TV-Z]{26})$/

export const ImportUploadQuerySchema = z
  .object({
    organizationId: UlidSchema,
    fileName: safeName(nonBlank(z.string().trim().min(1).max(255)), 'A file name').regex(
      /\.(csv|txt|csv\.gz|gz|zip)$/i,
      {
        message: 'Upload a .csv file (or .csv.gz, or a .zip holding one .csv file).',
      },
    ),
    fileType: z.enum(IMPORT_FILE_TYPES),
  })
  .strict()
export type ImportUploadQuery = z.input<typeof ImportUploadQuerySchema>

export const ImportUploadSchema = z.object({
  /** PUT the file's bytes here, with the headers below, before `expiresAt`. */
  uploadUrl: z.url(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  /** Name it in `POST contacts/import`. */
  fileKey: z.string().regex(IMPORT_FILE_KEY_PATTERN),
  expiresAt: z.iso.datetime(),
  /** Larger files are refused when the import starts. */
  maxBytes: z.number().int(),
})
export type ImportUpload = z.infer<typeof ImportUploadSchema>

/** A column of the file, by its header as written in the first row. */
const ColumnNameSchema = z.string().min(1).max(200)

/** The columns of a contact export, in order (`GET contacts/export`, `GET topics/{id}/contacts`). */
export const CONTACT_EXPORT_COLUMNS = [
  'email',
  'firstName',
  'lastName',
  'status',
  'unsubscribeAll',
  'suppressed',
  'attributes',
  'createdAt',
  'updatedAt',
] as const
/**
 * The export's columns an import does not turn into attributes: status and bookkeeping (the importer sets status,
 * suppression and dates itself), and `attributes`, which holds them all as one JSON object.
 */
export const CONTACT_EXPORT_BOOKKEEPING = [
  'status',
  'unsubscribeAll',
  'suppressed',
  'createdAt',
  'updatedAt',
] as const

/** Whether a header row is a contact export's (every one of its columns, spelled as the export writes them). */
export const isContactExport = (headers: readonly string[]): boolean => {
  const names = new Set(headers.map((header) => header.trim()))
  return CONTACT_EXPORT_COLUMNS.every((column) => names.has(column))
}

export const IMPORT_EXISTING_MODES = ['skip', 'update', 'overwrite'] as const
export const ImportExistingSchema = z.enum(IMPORT_EXISTING_MODES).meta({
  description:
    'A contact whose email exists already: `skip` leaves it as it is; `update` writes the mapped attributes ' +
    'over its own and adds the topics; `overwrite` replaces its attributes with the mapped ones and adds the ' +
    'topics. No mode re-subscribes a suppressed contact.',
})
export type ImportExisting = z.infer<typeof ImportExistingSchema>

export const StartImportBodySchema = z
  .object({
    organizationId: UlidSchema,
    /** The `fileKey` that `GET contacts/import` gave this organization (any other is refused with a 404). */
    fileKey: z.string().max(200),
    /** The name the import shows (the uploaded file's). */
    fileName: safeName(nonBlank(z.string().trim().min(1).max(255)), 'A file name').optional(),
    /**
     * Which column holds the email and which attribute each other column fills. Without it: the column named
     * `email` (or `e-mail`, `email address`, any case) and every other column as an attribute of the same name
     * made identifier-like (`First name` → `firstName`).
     */
    columns: z
      .object({
        email: ColumnNameSchema,
        attributes: z.record(AttributeNameSchema, ColumnNameSchema).default({}),
        attributesJson: ColumnNameSchema.optional().meta({
          description:
            'A column holding a JSON object of attributes (name → text), as the contact export writes its ' +
            '`attributes` column: each becomes an attribute; a mapped column of the same name wins. Without ' +
            '`columns`, the `attributes` column of a file with every column of the export is read this way.',
        }),
      })
      .strict()
      .optional(),
    /** Topics every imported contact is subscribed to (OPT_IN), unless suppressed. */
    topicIds: uniqueItems(z.array(UlidSchema).max(20)).default([]),
    existing: ImportExistingSchema.default('skip'),
  })
  .strict()
export type StartImportBody = z.input<typeof StartImportBodySchema>

export const IMPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const
export const ImportStatusSchema = z.enum(IMPORT_STATUSES)

export { type ImportCounts, ImportCountsSchema } from './import-counts'

export const ContactImportSchema = z.object({
  id: UlidSchema,
  organizationId: UlidSchema,
  fileName: z.string(),
  status: ImportStatusSchema,
  counts: ImportCountsSchema,
  /** Bytes of the (uncompressed) file read so far, and the upload's size, for a progress bar. */
  progress: z.object({ bytesRead: z.number().int(), fileBytes: z.number().int() }),
  /** Why the import could not run (too large, no email column …). */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** True when nothing changed: every valid row matched its contact already (a repeated import). */
  changedNothing: z.boolean(),
  /** A presigned GET of `invalid-rows-<id>.csv` (row, reason, then the row's cells), when some were invalid. */
  invalidRowsUrl: z.url().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
})
export type ContactImport = z.infer<typeof ContactImportSchema>

export const ImportParamsSchema = z.object({ id: UlidSchema }).strict()
export const ImportQuerySchema = z.object({ organizationId: UlidSchema }).strict()

/** Why a row of an import was refused: the code in the invalid-rows file's `reason` column. */
export const INVALID_ROW_REASONS = {
  'email.missing': 'No email in the email column.',
  'email.invalid': 'Not a valid email address.',
  'email.unicode_local_part':
    'The part before the @ holds non-ASCII characters (such as é or ü): Amazon SES cannot send to such addresses (it does not support SMTPUTF8).',
  'email.duplicate': 'The email appears on an earlier row of this file.',
  'email.over_limit': `The file already named ${CONTACTS_MAX.toLocaleString('en')} different emails, the most an organization holds: split the file, or remove contacts first.`,
  'attribute.invalid': 'A value is too long or holds control characters.',
  'contact.refused': 'The audience refused the contact.',
} as const
export type InvalidRowReason = keyof typeof INVALID_ROW_REASONS

/** Exports answered inline (a CSV download) hold at most this many rows and bytes (API Gateway answers ≤ 6 MB). */
export const INLINE_EXPORT_ROWS = 5_000
export const INLINE_EXPORT_BYTES = 4 * 1024 * 1024

export const EXPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const

/**
 * A larger export, written to S3 by a background job. The call that started it answers 202 with it; poll
 * `GET contacts/export/{id}` until `downloadUrl` (a presigned GET, 15 minutes, downloading as `fileName`).
 */
export const ContactExportSchema = z.object({
  id: UlidSchema,
  organizationId: UlidSchema,
  fileName: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** Contacts written so far. */
  rows: z.number().int(),
  downloadUrl: z.url().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
})
export type ContactExport = z.infer<typeof ContactExportSchema>

export const ExportParamsSchema = z.object({ id: UlidSchema }).strict()
export const ExportQuerySchema = z.object({ organizationId: UlidSchema }).strict()
