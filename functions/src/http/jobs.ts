import { jobRoutes } from '@app/contracts/jobs/routes'
import { Jobs } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('jobs', jobRoutes, {
  listJobs: ({ context, query }) => Jobs.listJobs(context, query),
  getJob: ({ context, params }) => Jobs.getJob(context, params.id),
})
