import { ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import {
  ApiKeyIdParamsSchema,
  ApiKeyListQuerySchema,
  ApiKeyListSchema,
  ApiKeyQuerySchema,
  ApiKeySchema,
  CreateApiKeyBodySchema,
  IssuedApiKeySchema,
  RotateApiKeyBodySchema,
  UpdateApiKeyBodySchema,
} from './schemas'

const apiKeys = {
  group: 'api-keys',
  // The dashboard's calls: a key never manages keys.
  auth: 'user',
  permission: 'api_keys.manage',
  organization: { in: 'query', key: 'organizationId' },
  // The public API's keys are sold with campaigns (issue 30: the plan gate follows campaigns).
  feature: 'campaigns',
} as const

/** The organization's API keys, managed in the dashboard (`/app/organization/api-keys`). */
export const apiKeyRoutes = {
  listApiKeys: route({
    ...apiKeys,
    method: 'GET',
    path: '/api/api-keys',
    summary: "The organization's API keys, newest first, revoked ones included (never a secret)",
    query: ApiKeyListQuerySchema,
    response: ApiKeyListSchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 200,
  }),
  createApiKey: route({
    ...apiKeys,
    method: 'POST',
    path: '/api/api-keys',
    summary:
      'Create a key with scopes (each needs a permission the caller holds) and a rate limit; the key is answered this once',
    query: ApiKeyQuerySchema,
    body: CreateApiKeyBodySchema,
    response: IssuedApiKeySchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 201,
  }),
  updateApiKey: route({
    ...apiKeys,
    method: 'PATCH',
    path: '/api/api-keys/{id}',
    summary: 'Rename a key or change its rate limit',
    params: ApiKeyIdParamsSchema,
    query: ApiKeyQuerySchema,
    body: UpdateApiKeyBodySchema,
    response: ApiKeySchema,
    errors: [...ORGANIZATION_ERRORS, 'api_key.not_found', 'api_key.revoked'],
    status: 200,
  }),
  rotateApiKey: route({
    ...apiKeys,
    method: 'POST',
    path: '/api/api-keys/{id}/rotate',
    summary:
      'A new secret for the key, answered this once; the previous one keeps working for the grace period (24 h unless chosen, at most 7 days)',
    params: ApiKeyIdParamsSchema,
    query: ApiKeyQuerySchema,
    body: RotateApiKeyBodySchema,
    response: IssuedApiKeySchema,
    errors: [...ORGANIZATION_ERRORS, 'api_key.not_found', 'api_key.revoked'],
    status: 200,
  }),
  revokeApiKey: route({
    ...apiKeys,
    method: 'POST',
    path: '/api/api-keys/{id}/revoke',
    summary: 'Revoke a key: its next call is refused (401); it stays listed as revoked',
    params: ApiKeyIdParamsSchema,
    query: ApiKeyQuerySchema,
    response: ApiKeySchema,
    errors: [...ORGANIZATION_ERRORS, 'api_key.not_found'],
    status: 200,
  }),
} as const satisfies Record<string, RouteDefinition>
