import type Stripe from 'stripe'
import {
  applyCancelAtPeriodEnd,
  chargeNewPeriod,
  endNow,
  isLive,
  settleInvoice,
  updateSubscription,
} from '../billing'
import type { StandInContext } from '../context'
import { planOfPrice } from '../objects/prices'
import { firstItem } from '../objects/subscriptions'
import { invalidParam, invalidRequest, resourceMissing } from './errors'
import { createdFilter, paginate } from './list'
import { mergeMetadata, type Params } from './params'
import { type ApiRoute, LIST_PARAMS } from './router'

const STATUSES = [
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'paused',
  'all',
  'ended',
] as const
const PRORATION_BEHAVIORS = ['create_prorations', 'none', 'always_invoice'] as const

function subscription(context: StandInContext, path: Record<string, string>): Stripe.Subscription {
  return context.store.get('subscriptions', path.id ?? '', 'subscription')
}

function statusMatches(item: Stripe.Subscription, status: (typeof STATUSES)[number] | undefined): boolean {
  if (status === 'all') return true
  if (status === 'ended') return item.status === 'canceled' || item.status === 'incomplete_expired'
  if (status === undefined) return item.status !== 'canceled'
  return item.status === status
}

interface ItemChange {
  price?: Stripe.Price
  quantity?: number
}

/** `items[0][id]` (the subscription's one item) with a new `price` and/or `quantity`. */
function readItemChange(context: StandInContext, params: Params, current: Stripe.Subscription): ItemChange {
  const items = params.children('items')
  if (!items || items.length === 0) return {}
  if (items.length > 1)
    throw invalidParam('items', 'The local Stripe stand-in supports one item per subscription.')
  const item = (items[0] as Params).accept(['id', 'price', 'quantity'])
  const id = item.string('id')
  if (id === undefined)
    throw invalidParam(
      item.name('id'),
      'Pass the existing item: the stand-in keeps one item per subscription.',
    )
  if (id !== firstItem(current).id) throw resourceMissing('subscription_item', id, item.name('id'))
  const priceId = item.string('price')
  const price =
    priceId === undefined ? undefined : context.store.get('prices', priceId, 'price', item.name('price'))
  if (price && !price.active)
    throw invalidParam(item.name('price'), `The price specified (${price.id}) is inactive.`)
  if (price && !price.recurring)
    throw invalidParam(item.name('price'), 'A subscription needs a recurring price.')
  return { price, quantity: item.integer('quantity', { min: 1, max: 999_999 }) }
}

/**
 * API update: one customer.subscription.updated. A new price with another interval (or `always_invoice`) starts a
 * new period now and is charged at once, like Stripe; a same-interval change keeps the period (no proration).
 */
function applyApiUpdate(params: Params, context: StandInContext, current: Stripe.Subscription) {
  const change = readItemChange(context, params, current)
  const prorationBehavior = params.oneOf('proration_behavior', PRORATION_BEHAVIORS)
  const cancelAtPeriodEnd = params.boolean('cancel_at_period_end')
  const description = params.nullableString('description', 500)
  if (!isLive(current) && (change.price || change.quantity || cancelAtPeriodEnd !== undefined))
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.')
  let invoice: Stripe.Invoice | undefined
  updateSubscription(context, current, (subscription) => {
    const item = firstItem(subscription)
    if (change.quantity !== undefined) item.quantity = change.quantity
    if (change.price && change.price.id !== item.price.id) {
      const newInterval =
        change.price.recurring?.interval !== item.price.recurring?.interval ||
        change.price.recurring?.interval_count !== item.price.recurring?.interval_count
      if (newInterval || prorationBehavior === 'always_invoice')
        invoice = chargeNewPeriod(context, subscription, change.price)
      else {
        item.price = change.price
        item.plan = planOfPrice(change.price)
      }
    }
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end)
      applyCancelAtPeriodEnd(subscription, cancelAtPeriodEnd)
    if (description !== undefined) subscription.description = description
    subscription.metadata = mergeMetadata(subscription.metadata, params.metadata())
  })
  if (invoice) settleInvoice(context, invoice, 'paid')
  return current
}

export const subscriptionRoutes: ApiRoute[] = [
  {
    method: 'GET',
    path: '/v1/subscriptions',
    handler: ({ params }, context) => {
      params.accept(['customer', 'price', 'status', 'created', ...LIST_PARAMS])
      const customer = params.string('customer')
      const price = params.string('price')
      const status = params.oneOf('status', STATUSES)
      const created = createdFilter(params)
      const subscriptions = context.store
        .list('subscriptions')
        .filter(
          (item) =>
            (customer === undefined || item.customer === customer) &&
            (price === undefined || item.items.data.some((entry) => entry.price.id === price)) &&
            statusMatches(item, status) &&
            created(item.created),
        )
      return paginate(subscriptions, params, '/v1/subscriptions', 'subscription')
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions/:id',
    handler: ({ params, path }, context) => {
      params.accept(['expand'])
      return subscription(context, path)
    },
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id',
    handler: ({ params, path }, context) => {
      params.accept([
        'items',
        'proration_behavior',
        'payment_behavior',
        'cancel_at_period_end',
        'description',
        'metadata',
        'expand',
      ])
      return applyApiUpdate(params, context, subscription(context, path))
    },
  },
  {
    method: 'DELETE',
    path: '/v1/subscriptions/:id',
    handler: ({ params, path }, context) => {
      params.accept(['invoice_now', 'prorate', 'cancellation_details', 'expand'])
      const current = subscription(context, path)
      if (!isLive(current)) throw invalidRequest(`The subscription ${current.id} is already canceled.`)
      return endNow(context, current)
    },
  },
]
