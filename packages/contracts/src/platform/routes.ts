import * as z from 'zod'
import {
  MONITORING_ENVELOPE_CONTENT_TYPES,
  MONITORING_TUNNEL_PATH,
  type RouteDefinition,
  route,
} from '../route-definition'

/** `public` (the default): the public API (`/api/v1/…`) alone; `all`: the web app's own routes too. */
export const OpenApiQuerySchema = z.object({ scope: z.enum(['public', 'all']).default('public') })

/** The API description and the browser monitoring tunnel. */
export const platformRoutes = {
  getOpenApi: route({
    method: 'GET',
    path: '/api/openapi.json',
    group: 'docs',
    summary:
      'The public API (`/api/v1/…`) described as OpenAPI 3.1, with its guide, examples and webhooks; `scope=all` adds the web app’s own routes',
    auth: 'none',
    query: OpenApiQuerySchema,
    status: 200,
  }),
  forwardMonitoringEnvelope: route({
    method: 'POST',
    // The spec's tunnel path: outside /api, served by its own CloudFront behaviour and local proxy.
    path: MONITORING_TUNNEL_PATH,
    group: 'error-tunnel',
    summary:
      "The browser's monitoring tunnel: a Sentry envelope for this deployment's own DSN, forwarded to Sentry",
    auth: 'none',
    status: 204,
    rawBody: { contentTypes: MONITORING_ENVELOPE_CONTENT_TYPES },
    maxBodyBytes: 1024 * 1024,
  }),
} as const satisfies Record<string, RouteDefinition>
