import { StripeSignatureHeader } from '@app/contracts'
import { StripeWebhook } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('stripe-webhook', {
  receiveStripeEvent: async ({ body, event, log }) => {
    await StripeWebhook.receiveStripeEvent(body, event.headers?.[StripeSignatureHeader], log)
  },
})
