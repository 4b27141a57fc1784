/**
 * What other packages use of outgoing webhooks (the repositories stay private to this folder): managing
 * endpoints and their delivery log (the `webhooks` endpoint group), the queue worker's attempt step and the
 * subscribers (the dispatcher's routing table and the worker).
 */

export { getDelivery, listDeliveries, redeliver, sendTestEvent } from './deliveries'
export { DeliveryMessageSchema, runAttempt } from './delivery'
export {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  reenableEndpoint,
  rotateEndpointSecret,
  updateEndpoint,
} from './endpoints'
/** What the webhooks do when other domains report something (collected in `event-subscribers.ts`). */
export { webhookSubscribers } from './subscribers'
