import { StripeSignatureHeader } from '@app/contracts'
import { billingRoutes } from '@app/contracts/billing/routes'
import { StripeWebhook } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('stripe-webhook', billingRoutes, {
  receiveStripeEvent: async ({ body, event, log }) => {
    await StripeWebhook.receiveStripeEvent(body, event.headers?.[StripeSignatureHeader], log)
  },
})
