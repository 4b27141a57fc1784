import { Jobs } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('jobs', {
  listJobs: ({ actor, query }) => Jobs.listJobs(actor, query),
  getJob: ({ actor, params, query }) => Jobs.getJob(actor, params.id, query.organizationId),
})
