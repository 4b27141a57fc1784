import { ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import { ContactExportQuerySchema } from './contacts'
import { TopicIdParamsSchema, TopicQuerySchema } from './schemas'
import {
  ContactExportSchema,
  ContactImportSchema,
  ExportParamsSchema,
  ExportQuerySchema,
  ImportParamsSchema,
  ImportQuerySchema,
  ImportUploadQuerySchema,
  ImportUploadSchema,
  StartImportBodySchema,
} from './transfer'

const organization = { in: 'query', key: 'organizationId' } as const

/** Contact import and export (spec §7 Contacts and Topics), gated to Team plans like the rest of the audience. */
export const transferRoutes = {
  prepareContactImport: route({
    method: 'GET',
    path: '/api/contacts/import',
    group: 'contact-transfer',
    summary:
      'A presigned S3 PUT URL (15 minutes) for a CSV or gzipped CSV, and the fileKey (imports/<organizationId>/<id>) to start its import with',
    auth: 'user',
    permission: 'audience.write',
    organization,
    feature: 'audience',
    query: ImportUploadQuerySchema,
    response: ImportUploadSchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 200,
  }),
  startContactImport: route({
    method: 'POST',
    path: '/api/contacts/import',
    group: 'contact-transfer',
    summary:
      'Import an uploaded file (this organization’s fileKey only; at most 100 MB) with a column mapping, topics and what to do with existing contacts; answers the queued import',
    auth: 'user',
    permission: 'audience.write',
    organization: { in: 'body', key: 'organizationId' },
    feature: 'audience',
    body: StartImportBodySchema,
    response: ContactImportSchema,
    errors: [
      ...ORGANIZATION_ERRORS,
      'contact_import.file_not_found',
      'contact_import.too_large',
      'contact_import.already_started',
      'topic.not_found',
    ],
    status: 202,
    idempotent: true,
  }),
  getContactImport: route({
    method: 'GET',
    path: '/api/contacts/import/{id}',
    group: 'contact-transfer',
    summary: 'An import’s status, progress, counts and (when rows were refused) its invalid-rows file',
    auth: 'user',
    permission: 'audience.read',
    organization,
    feature: 'audience',
    params: ImportParamsSchema,
    query: ImportQuerySchema,
    response: ContactImportSchema,
    errors: [...ORGANIZATION_ERRORS, 'contact_import.not_found'],
    status: 200,
  }),
  exportTopicContacts: route({
    method: 'GET',
    path: '/api/topics/{id}/contacts',
    group: 'contact-transfer',
    summary:
      'The topic’s subscribers (effective OPT_IN) as topic-{id}-contacts.csv, formula cells escaped; a larger export (over 5,000 rows or 4 MB) answers 202 with the export job instead (ContactExport)',
    auth: 'user',
    permission: 'audience.read',
    organization,
    feature: 'audience',
    params: TopicIdParamsSchema,
    query: TopicQuerySchema,
    produces: 'text/csv',
    errors: [...ORGANIZATION_ERRORS, 'topic.not_found'],
    status: 200,
  }),
  exportContacts: route({
    method: 'GET',
    path: '/api/contacts/export',
    group: 'contact-transfer',
    summary:
      'The whole audience, or the contacts the GET contacts filters select, as a CSV; a larger export answers 202 with the export job instead (ContactExport)',
    auth: 'user',
    permission: 'audience.read',
    organization,
    feature: 'audience',
    query: ContactExportQuerySchema,
    produces: 'text/csv',
    errors: [...ORGANIZATION_ERRORS, 'topic.not_found'],
    status: 200,
  }),
  getContactExport: route({
    method: 'GET',
    path: '/api/contacts/export/{id}',
    group: 'contact-transfer',
    summary:
      'An export job’s status and, once written, a presigned download (15 minutes) named as the export',
    auth: 'user',
    permission: 'audience.read',
    organization,
    feature: 'audience',
    params: ExportParamsSchema,
    query: ExportQuerySchema,
    response: ContactExportSchema,
    errors: [...ORGANIZATION_ERRORS, 'contact_export.not_found'],
    status: 200,
  }),
} as const satisfies Record<string, RouteDefinition>
