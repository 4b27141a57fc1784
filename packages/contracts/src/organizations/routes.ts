import { OrganizationSummarySchema } from '../account/schemas'
import { IdParamsSchema } from '../ids'
import { ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import { CreateOrganizationBodySchema, UpdateOrganizationBodySchema } from './schemas'

/** Organizations: creating, renaming, choosing the free plan, deleting, and price-change notices. */
export const organizationRoutes = {
  createOrganization: route({
    method: 'POST',
    path: '/api/organizations',
    group: 'organizations',
    summary: 'Create an organization owned by the caller',
    auth: 'user',
    body: CreateOrganizationBodySchema,
    response: OrganizationSummarySchema,
    status: 201,
  }),
  updateOrganization: route({
    method: 'PATCH',
    path: '/api/organizations/{id}',
    group: 'organizations',
    summary: 'Rename an organization or choose the free START plan',
    auth: 'user',
    permission: 'organization.read',
    organization: { in: 'params', key: 'id' },
    params: IdParamsSchema,
    body: UpdateOrganizationBodySchema,
    response: OrganizationSummarySchema,
    errors: [...ORGANIZATION_ERRORS, 'organization.plan_not_selectable'],
    status: 200,
  }),
  deleteOrganization: route({
    method: 'DELETE',
    path: '/api/organizations/{id}',
    group: 'organizations',
    summary: 'Delete an organization and everything it owns (owner only)',
    auth: 'user',
    permission: 'organization.delete',
    organization: { in: 'params', key: 'id' },
    params: IdParamsSchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 204,
  }),
  acknowledgePriceChange: route({
    method: 'POST',
    path: '/api/organizations/{id}/price-change-notice/acknowledgement',
    group: 'organizations',
    summary: "Acknowledge the notice of a price change to the organization's plan (owner or admin)",
    auth: 'user',
    permission: 'billing.manage',
    organization: { in: 'params', key: 'id' },
    params: IdParamsSchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 204,
  }),
} as const satisfies Record<string, RouteDefinition>
