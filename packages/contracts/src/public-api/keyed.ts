import { API_SCOPES, type ApiScope } from '../api-keys/scopes'
import { type EndpointGroup, PUBLIC_API_RATE_LIMIT } from '../route-definition'

/**
 * A public API route's caller (`/api/v1/…`): the organization's API key holding `scope`, acting for its own
 * organization, gated like campaigns (the plans that sell the campaigns API), counted in the key's rate limit.
 */
export const keyed = <G extends EndpointGroup, S extends ApiScope>(group: G, scope: S) =>
  ({
    group,
    auth: 'apiKey',
    scope,
    permission: API_SCOPES[scope],
    organization: { in: 'apiKey' },
    feature: 'campaigns',
    rateLimit: PUBLIC_API_RATE_LIMIT,
  }) as const
