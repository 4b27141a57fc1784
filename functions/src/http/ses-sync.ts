import { SesDrift, SesSync } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('ses-sync', {
  getSesSync: ({ actor, query }) => SesSync.overview(actor, query),
  importSesTemplates: ({ actor, query, body }) => SesSync.startImport(actor, query, body),
  publishSesTemplates: ({ actor, query, body }) => SesSync.startPublish(actor, query, body),
  deleteSesTemplates: ({ actor, query, body }) => SesSync.startDelete(actor, query, body),
  refreshSesTemplates: ({ actor, query }) => SesSync.startRefresh(actor, query),
  reviewSesTemplate: ({ actor, params, query }) => SesDrift.reviewTemplate(actor, params, query),
  takeSesVersion: ({ actor, params, query, body }) => SesDrift.takeSesVersion(actor, params, query, body),
})
