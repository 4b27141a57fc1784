import * as z from 'zod'
import { UlidSchema } from '../ids'
import { PageSchema } from '../page'
import { ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import {
  WebhookDeliveriesQuerySchema,
  WebhookDeliverySchema,
  WebhookEndpointInputSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
  WebhookEndpointWithSecretSchema,
} from './schemas'

const common = {
  group: 'webhooks',
  auth: 'user',
  organization: { in: 'query', key: 'organizationId' },
  feature: 'campaigns',
  permission: 'webhooks.manage',
} as const

const OrgQuery = z.object({ organizationId: UlidSchema }).strict()
const EndpointParams = z.object({ id: UlidSchema }).strict()
const DeliveryParams = z.object({ id: UlidSchema, deliveryId: UlidSchema }).strict()
const NOT_FOUND = [...ORGANIZATION_ERRORS, 'webhook.endpoint_not_found'] as const

/** The organization's outgoing webhook endpoints and their delivery log (core `webhooks/`). */
export const webhookRoutes = {
  listWebhookEndpoints: route({
    ...common,
    method: 'GET',
    path: '/api/webhooks/endpoints',
    summary: 'The organization’s webhook endpoints (at most 20: one page)',
    query: OrgQuery,
    response: PageSchema(WebhookEndpointSchema),
    errors: [...ORGANIZATION_ERRORS],
    status: 200,
  }),
  createWebhookEndpoint: route({
    ...common,
    method: 'POST',
    path: '/api/webhooks/endpoints',
    summary:
      'Add an endpoint (https; its host must resolve to a public address); answers its signing secret once',
    query: OrgQuery,
    body: WebhookEndpointInputSchema,
    response: WebhookEndpointWithSecretSchema,
    errors: [...ORGANIZATION_ERRORS, 'webhook.url_refused'],
    status: 201,
  }),
  getWebhookEndpoint: route({
    ...common,
    method: 'GET',
    path: '/api/webhooks/endpoints/{id}',
    summary: 'One endpoint (never its secret)',
    params: EndpointParams,
    query: OrgQuery,
    response: WebhookEndpointSchema,
    errors: [...NOT_FOUND],
    status: 200,
  }),
  updateWebhookEndpoint: route({
    ...common,
    method: 'PATCH',
    path: '/api/webhooks/endpoints/{id}',
    summary: 'Change an endpoint’s URL, description or event types',
    params: EndpointParams,
    query: OrgQuery,
    body: WebhookEndpointUpdateSchema,
    response: WebhookEndpointSchema,
    errors: [...NOT_FOUND, 'webhook.url_refused', 'version.conflict'],
    status: 200,
  }),
  deleteWebhookEndpoint: route({
    ...common,
    method: 'DELETE',
    path: '/api/webhooks/endpoints/{id}',
    summary: 'Delete an endpoint (its delivery log follows)',
    params: EndpointParams,
    query: OrgQuery,
    errors: [...NOT_FOUND],
    status: 204,
  }),
  rotateWebhookSecret: route({
    ...common,
    method: 'POST',
    path: '/api/webhooks/endpoints/{id}/rotate-secret',
    summary: 'A new signing secret, answered once; the previous one keeps signing beside it for 24 hours',
    params: EndpointParams,
    query: OrgQuery,
    response: WebhookEndpointWithSecretSchema,
    errors: [...NOT_FOUND, 'version.conflict'],
    status: 200,
  }),
  enableWebhookEndpoint: route({
    ...common,
    method: 'POST',
    path: '/api/webhooks/endpoints/{id}/enable',
    summary: 'Re-enable an endpoint disabled after persistent failure',
    params: EndpointParams,
    query: OrgQuery,
    response: WebhookEndpointSchema,
    errors: [...NOT_FOUND, 'webhook.state_conflict', 'version.conflict'],
    status: 200,
  }),
  sendWebhookTest: route({
    ...common,
    method: 'POST',
    path: '/api/webhooks/endpoints/{id}/test',
    summary: 'Send a `webhook_endpoint.tested` event to this endpoint only',
    params: EndpointParams,
    query: OrgQuery,
    response: WebhookDeliverySchema,
    errors: [...NOT_FOUND, 'webhook.state_conflict'],
    status: 201,
  }),
  listWebhookDeliveries: route({
    ...common,
    method: 'GET',
    path: '/api/webhooks/endpoints/{id}/deliveries',
    summary: 'The endpoint’s delivery log, newest first, a page at a time (optionally of one status)',
    params: EndpointParams,
    query: WebhookDeliveriesQuerySchema.extend({ organizationId: UlidSchema }).strict(),
    response: PageSchema(WebhookDeliverySchema),
    errors: [...NOT_FOUND],
    status: 200,
  }),
  redeliverWebhook: route({
    ...common,
    method: 'POST',
    path: '/api/webhooks/endpoints/{id}/deliveries/{deliveryId}/redeliver',
    summary: 'Send a delivery once more now (one attempt, no retries)',
    params: DeliveryParams,
    query: OrgQuery,
    response: WebhookDeliverySchema,
    errors: [...NOT_FOUND, 'webhook.delivery_not_found', 'webhook.state_conflict'],
    status: 200,
  }),
} as const satisfies Record<string, RouteDefinition>
