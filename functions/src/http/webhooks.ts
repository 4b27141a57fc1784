import { webhookRoutes } from '@app/contracts/webhooks/routes'
import * as Webhooks from '@app/core/webhooks/public'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('webhooks', webhookRoutes, {
  listWebhookEndpoints: ({ context }) => Webhooks.listEndpoints(context),
  createWebhookEndpoint: ({ context, body }) => Webhooks.createEndpoint(context, body),
  getWebhookEndpoint: ({ context, params }) => Webhooks.getEndpoint(context, params.id),
  updateWebhookEndpoint: ({ context, params, body }) => Webhooks.updateEndpoint(context, params.id, body),
  deleteWebhookEndpoint: ({ context, params }) => Webhooks.deleteEndpoint(context, params.id),
  rotateWebhookSecret: ({ context, params }) => Webhooks.rotateEndpointSecret(context, params.id),
  enableWebhookEndpoint: ({ context, params }) => Webhooks.reenableEndpoint(context, params.id),
  sendWebhookTest: ({ context, params }) => Webhooks.sendTestEvent(context, params.id),
  listWebhookDeliveries: ({ context, params, query }) => Webhooks.listDeliveries(context, params.id, query),
  redeliverWebhook: ({ context, params }) => Webhooks.redeliver(context, params.id, params.deliveryId),
})
