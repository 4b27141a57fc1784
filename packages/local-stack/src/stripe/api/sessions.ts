import type Stripe from 'stripe'
import { isLive } from '../billing'
import { expireIfDue } from '../checkout'
import type { StandInContext } from '../context'
import { newId } from '../ids'
import { apiList } from '../objects/list'
import { newCheckoutSession, newPortalSession } from '../objects/sessions'
import { invalidParam, invalidRequest } from './errors'
import { mergeMetadata, type Params } from './params'
import type { ApiRoute } from './router'

/** The one portal configuration the stand-in has (Stripe's default configuration). */
export const PORTAL_CONFIGURATION = 'bpc_1LocalStandInDefault0000'

/** Stripe Checkout parameters that change nothing in the stand-in but are fine to send. */
const IGNORED_CHECKOUT_PARAMS = [
  'automatic_tax',
  'customer_update',
  'tax_id_collection',
  'payment_method_types',
]

function readLineItem(context: StandInContext, params: Params): { price: Stripe.Price; quantity: number } {
  const items = params.children('line_items')
  if (!items || items.length === 0)
    throw invalidParam('line_items', 'Missing required param: line_items.', 'parameter_missing')
  if (items.length > 1)
    throw invalidParam('line_items', 'The local Stripe stand-in sells one line item per checkout session.')
  const item = (items[0] as Params).accept(['price', 'quantity'])
  const param = item.name('price')
  const price = context.store.get('prices', item.requiredString('price'), 'price', param)
  if (!price.active) throw invalidParam(param, `The price specified (${price.id}) is inactive.`)
  if (!price.recurring)
    throw invalidParam(param, 'You must provide at least one recurring price in `subscription` mode.')
  return { price, quantity: item.integer('quantity', { min: 1, max: 999_999 }) ?? 1 }
}

function checkoutLineItems(
  context: StandInContext,
  session: Stripe.Checkout.Session,
): Stripe.ApiList<Stripe.LineItem> {
  const order = context.store.get('checkoutOrders', session.id, 'checkout.session')
  const price = context.store.get('prices', order.price, 'price')
  const amount = (price.unit_amount ?? 0) * order.quantity
  const product = context.store.find('products', price.product as string)
  const item: Stripe.LineItem = {
    id: order.lineItem,
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: price.currency,
    description: product?.name ?? null,
    metadata: {},
    price,
    quantity: order.quantity,
  }
  return apiList([item], `/v1/checkout/sessions/${session.id}/line_items`)
}

/** `line_items` is "includable": present only when expanded. */
function withLineItems(context: StandInContext, params: Params, session: Stripe.Checkout.Session): object {
  if (!params.strings('expand')?.includes('line_items')) return session
  return { ...session, line_items: checkoutLineItems(context, session) }
}

export const sessionRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/checkout/sessions',
    handler: ({ params }, context) => {
      params.accept([
        'mode',
        'customer',
        'customer_email',
        'line_items',
        'client_reference_id',
        'metadata',
        'subscription_data',
        'success_url',
        'cancel_url',
        'locale',
        'allow_promotion_codes',
        'billing_address_collection',
        'expand',
        ...IGNORED_CHECKOUT_PARAMS,
      ])
      const mode = params.requiredString('mode')
      if (mode !== 'subscription')
        throw invalidParam('mode', `The local Stripe stand-in supports mode=subscription only, not ${mode}.`)
      const customer = params.string('customer')
      const customerEmail = params.string('customer_email', 800)
      if (customer && customerEmail)
        throw invalidRequest(
          'You may only specify one of these parameters: customer, customer_email.',
          'customer',
        )
      if (customer) context.store.get('customers', customer, 'customer', 'customer')
      const { price, quantity } = readLineItem(context, params)
      const subscriptionData = params.child('subscription_data')?.accept(['metadata', 'description'])
      const session = newCheckoutSession({
        customer: customer ?? null,
        customerEmail: customerEmail ?? null,
        clientReferenceId: params.string('client_reference_id', 200) ?? null,
        metadata: mergeMetadata({}, params.metadata()),
        successUrl: params.url('success_url') ?? params.requiredString('success_url'),
        cancelUrl: params.url('cancel_url') ?? null,
        amount: (price.unit_amount ?? 0) * quantity,
        currency: price.currency,
        locale: params.string('locale') ?? null,
        allowPromotionCodes: params.boolean('allow_promotion_codes') ?? null,
        billingAddressCollection: params.oneOf('billing_address_collection', ['auto', 'required']) ?? null,
        publicUrl: context.publicUrl,
      })
      context.store.put('checkoutOrders', session.id, {
        lineItem: newId('li'),
        price: price.id,
        quantity,
        subscriptionMetadata: mergeMetadata({}, subscriptionData?.metadata()),
      })
      context.store.put('checkoutSessions', session.id, session)
      return withLineItems(context, params, session)
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id',
    handler: ({ params, path }, context) => {
      params.accept(['expand'])
      const session = context.store.get('checkoutSessions', path.id ?? '', 'checkout.session')
      return withLineItems(context, params, expireIfDue(context, session))
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id/line_items',
    handler: ({ params, path }, context) => {
      params.accept(['limit', 'starting_after', 'ending_before', 'expand'])
      return checkoutLineItems(
        context,
        context.store.get('checkoutSessions', path.id ?? '', 'checkout.session'),
      )
    },
  },
  {
    method: 'POST',
    path: '/v1/billing_portal/sessions',
    handler: ({ params }, context) => {
      params.accept(['customer', 'return_url', 'flow_data', 'configuration', 'locale', 'expand'])
      const customer = context.store.get(
        'customers',
        params.requiredString('customer'),
        'customer',
        'customer',
      )
      const configuration = params.string('configuration')
      if (configuration !== undefined && configuration !== PORTAL_CONFIGURATION)
        context.store.get('portalSessions', configuration, 'billing_portal.configuration', 'configuration')
      const session = newPortalSession({
        configuration: PORTAL_CONFIGURATION,
        customer: customer.id,
        returnUrl: params.url('return_url') ?? null,
        updateSubscription: readFlow(context, params, customer.id),
        locale: params.string('locale') ?? null,
        publicUrl: context.publicUrl,
      })
      context.store.put('portalSessions', session.id, session)
      return session
    },
  },
]

/** `flow_data[type]=subscription_update` with the customer's live subscription; other flows are not offered. */
function readFlow(context: StandInContext, params: Params, customer: string): string | null {
  const flow = params.child('flow_data')?.accept(['type', 'subscription_update', 'after_completion'])
  if (!flow) return null
  const type = flow.requiredString('type')
  if (type !== 'subscription_update')
    throw invalidParam(
      'flow_data[type]',
      `The local Stripe stand-in offers flow_data[type]=subscription_update only.`,
    )
  const update = flow.child('subscription_update')?.accept(['subscription'])
  if (!update)
    throw invalidParam(
      'flow_data[subscription_update]',
      'Missing required param: flow_data[subscription_update].',
      'parameter_missing',
    )
  const param = 'flow_data[subscription_update][subscription]'
  const subscription = context.store.get(
    'subscriptions',
    update.requiredString('subscription'),
    'subscription',
    param,
  )
  if (subscription.customer !== customer)
    throw invalidParam(param, `The subscription ${subscription.id} does not belong to customer ${customer}.`)
  if (!isLive(subscription)) throw invalidParam(param, `The subscription ${subscription.id} has ended.`)
  return subscription.id
}
