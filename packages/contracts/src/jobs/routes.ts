import { ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import { JobListQuerySchema, JobListSchema, JobParamsSchema, JobQuerySchema, JobSchema } from './schemas'

/** The background jobs doing the bulk work (SES sync, block recompiles), read by the organization. */
export const jobRoutes = {
  listJobs: route({
    method: 'GET',
    path: '/api/jobs',
    group: 'jobs',
    summary: "The organization's background jobs, latest first, without their items",
    auth: 'user',
    permission: 'organization.read',
    organization: { in: 'query', key: 'organizationId' },
    query: JobListQuerySchema,
    response: JobListSchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 200,
  }),
  getJob: route({
    method: 'GET',
    path: '/api/jobs/{id}',
    group: 'jobs',
    summary: 'A background job with its counts and each item’s result',
    auth: 'user',
    permission: 'organization.read',
    organization: { in: 'query', key: 'organizationId', notFound: 'job.not_found' },
    params: JobParamsSchema,
    query: JobQuerySchema,
    response: JobSchema,
    errors: [...ORGANIZATION_ERRORS, 'job.not_found'],
    status: 200,
  }),
} as const satisfies Record<string, RouteDefinition>
