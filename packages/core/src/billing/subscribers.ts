import { on } from '../events/dispatch'
import { cancelCustomerSubscriptions } from './subscriptions'

/** What billing does when other domains report something. */
export const billingSubscribers = [
  // Nobody pays for an organization that no longer exists.
  on('organization.deleted', 'billing.cancel_subscriptions', async (event) => {
    if (event.payload.stripeCustomerId) await cancelCustomerSubscriptions(event.payload.stripeCustomerId)
  }),
]
