import type Stripe from 'stripe'
import { startSubscription, taxIdsOf } from './billing'
import { nowSeconds } from './clock'
import type { StandInContext } from './context'
import { newCustomer } from './objects/customers'

/** An open session past its `expires_at` becomes expired (checkout.session.expired), as Stripe does. */
export function expireIfDue(
  context: StandInContext,
  session: Stripe.Checkout.Session,
): Stripe.Checkout.Session {
  if (session.status === 'open' && nowSeconds() >= session.expires_at) {
    session.status = 'expired'
    session.url = null
    context.store.save()
    context.emit('checkout.session.expired', session)
  }
  return session
}

/** The session's customer; a session made with `customer_email` creates one on payment, like Stripe. */
function sessionCustomer(
  context: StandInContext,
  session: Stripe.Checkout.Session,
  name: string,
): Stripe.Customer {
  if (typeof session.customer === 'string')
    return context.store.get('customers', session.customer, 'customer')
  const customer = newCustomer({
    name: name || null,
    email: session.customer_email,
    phone: null,
    description: null,
    address: null,
    metadata: {},
  })
  context.store.put('customers', customer.id, customer)
  context.emit('customer.created', customer)
  session.customer = customer.id
  return customer
}

/**
 * A successful payment: the subscription (active, first period from now) with its paid invoice, then the session
 * completes. Events in Stripe's order: customer.subscription.created, invoice.created/finalized/paid/
 * payment_succeeded, checkout.session.completed.
 */
export function completeCheckout(
  context: StandInContext,
  session: Stripe.Checkout.Session,
  cardholderName: string,
): Stripe.Subscription {
  const order = context.store.get('checkoutOrders', session.id, 'checkout.session')
  const price = context.store.get('prices', order.price, 'price')
  const customer = sessionCustomer(context, session, cardholderName)
  const subscription = startSubscription(context, {
    customer: customer.id,
    price,
    quantity: order.quantity,
    metadata: order.subscriptionMetadata,
  })
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    subscription: subscription.id,
    url: null,
    customer_details: {
      address: customer.address ?? null,
      business_name: null,
      email: customer.email,
      individual_name: null,
      name: customer.name ?? (cardholderName || null),
      phone: null,
      tax_exempt: 'none',
      tax_ids: taxIdsOf(context, customer.id).map((taxId) => ({ type: taxId.type, value: taxId.value })),
    },
  } satisfies Partial<Stripe.Checkout.Session>)
  context.store.save()
  context.emit('checkout.session.completed', session)
  return subscription
}
