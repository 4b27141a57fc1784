import { sesRoutes } from '@app/contracts/ses-sync/routes'
import { SesDrift, SesSync } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('ses-sync', sesRoutes, {
  getSesSync: ({ context, query }) => SesSync.overview(context, query),
  importSesTemplates: ({ context, query, body }) => SesSync.startImport(context, query, body),
  publishSesTemplates: ({ context, query, body }) => SesSync.startPublish(context, query, body),
  deleteSesTemplates: ({ context, query, body }) => SesSync.startDelete(context, query, body),
  refreshSesTemplates: ({ context, query }) => SesSync.startRefresh(context, query),
  reviewSesTemplate: ({ context, params, query }) => SesDrift.reviewTemplate(context, params, query),
  takeSesVersion: ({ context, params, query, body }) => SesDrift.takeSesVersion(context, params, query, body),
})
