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
    public: false,
    body: CreateOrganizationBodySchema,
    response: OrganizationSummarySchema,
    status: 201,
  }),
  updateOrganization: route({
    method: 'PATCH',
    path: '/api/organizations/{id}',
    group: 'organizations',
    summary: 'Rename an organization or choose the free START plan',
    public: false,
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
    public: false,
    params: IdParamsSchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 204,
  }),
  acknowledgePriceChange: route({
    method: 'POST',
    path: '/api/organizations/{id}/price-change-notice/acknowledgement',
    group: 'organizations',
    summary: "Acknowledge the notice of a price change to the organization's plan (owner or admin)",
    public: false,
    params: IdParamsSchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 204,
  }),
} as const satisfies Record<string, RouteDefinition>
