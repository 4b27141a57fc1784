import { transferRoutes } from '@app/contracts/audience/transfer-routes'
import { Exports, Imports } from '@app/core/audience/public'
import { endpointGroup } from '../middleware/endpoint-group'
import { idempotency } from '../middleware/steps/idempotency'

export const handler = endpointGroup(
  'contact-transfer',
  transferRoutes,
  {
    prepareContactImport: ({ context, query }) => Imports.prepareUpload(context, query),
    startContactImport: ({ context, body }) => Imports.startImport(context, body),
    getContactImport: ({ context, params }) => Imports.getImport(context, params.id),
    exportTopicContacts: ({ context, params }) => Exports.exportTopicContacts(context, params.id),
    exportContacts: ({ context, query: { organizationId, ...filters } }) =>
      Exports.exportContacts(context, filters),
    getContactExport: ({ context, params }) => Exports.getExport(context, params.id),
  },
  { idempotency },
)
