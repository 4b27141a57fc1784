import {
  MONITORING_ENVELOPE_CONTENT_TYPES,
  MONITORING_TUNNEL_PATH,
  type RouteDefinition,
  route,
} from '../route-definition'

/** The API description and the browser monitoring tunnel. */
export const platformRoutes = {
  getOpenApi: route({
    method: 'GET',
    path: '/api/openapi.json',
    group: 'docs',
    summary: 'This API described as OpenAPI 3.1',
    auth: 'none',
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
