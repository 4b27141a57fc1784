import type Stripe from 'stripe'
import type { StandInContext } from '../context'
import { changedAttributes } from '../events'
import { newPrice, newProduct } from '../objects/prices'
import { invalidParam, invalidRequest } from './errors'
import { paginate } from './list'
import { mergeMetadata, type Params } from './params'
import { type ApiRoute, LIST_PARAMS } from './router'

const INTERVALS = ['day', 'week', 'month', 'year'] as const
const TAX_BEHAVIORS = ['inclusive', 'exclusive', 'unspecified'] as const

function updatePrice(
  context: StandInContext,
  price: Stripe.Price,
  change: (price: Stripe.Price) => void,
): void {
  const before = structuredClone(price)
  change(price)
  context.store.save()
  const previous = changedAttributes(before, price)
  if (Object.keys(previous).length > 0) context.emit('price.updated', price, previous)
}

/** A lookup key belongs to one price; `transfer_lookup_key=true` moves it from its current holder. */
function claimLookupKey(context: StandInContext, params: Params, key: string, price?: Stripe.Price): void {
  const holder = Object.values(context.store.state.prices).find(
    (other) => other.lookup_key === key && other.id !== price?.id,
  )
  if (!holder) return
  if (params.boolean('transfer_lookup_key') !== true)
    throw invalidParam(
      'lookup_key',
      `A price (\`${holder.id}\`) already uses that lookup key. Set transfer_lookup_key to move it.`,
    )
  updatePrice(context, holder, (other) => {
    other.lookup_key = null
  })
}

function readProduct(context: StandInContext, params: Params): string {
  const productId = params.string('product')
  const productData = params.child('product_data')
  if (productId !== undefined) return context.store.get('products', productId, 'product', 'product').id
  if (!productData)
    throw invalidRequest('You must specify either `product` or `product_data` when creating a price.')
  productData.accept(['name', 'metadata'])
  const product = newProduct(
    productData.requiredString('name', 250),
    mergeMetadata({}, productData.metadata()),
  )
  context.store.put('products', product.id, product)
  context.emit('product.created', product)
  return product.id
}

export const priceRoutes: ApiRoute[] = [
  {
    method: 'GET',
    path: '/v1/prices',
    handler: ({ params }, context) => {
      params.accept(['active', 'currency', 'product', 'type', 'lookup_keys', ...LIST_PARAMS])
      const active = params.boolean('active')
      const currency = params.string('currency')
      const product = params.string('product')
      const type = params.oneOf('type', ['one_time', 'recurring'])
      const lookupKeys = params.strings('lookup_keys')
      if (lookupKeys && lookupKeys.length > 10) throw invalidParam('lookup_keys', 'At most 10 lookup keys.')
      const prices = context.store
        .list('prices')
        .filter(
          (price) =>
            (active === undefined || price.active === active) &&
            (currency === undefined || price.currency === currency) &&
            (product === undefined || price.product === product) &&
            (type === undefined || price.type === type) &&
            (lookupKeys === undefined ||
              (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))),
        )
      return paginate(prices, params, '/v1/prices', 'price')
    },
  },
  {
    method: 'GET',
    path: '/v1/prices/:id',
    handler: ({ params, path }, context) => {
      params.accept(['expand'])
      return context.store.get('prices', path.id ?? '', 'price')
    },
  },
  {
    method: 'POST',
    path: '/v1/prices',
    handler: ({ params }, context) => {
      params.accept([
        'currency',
        'unit_amount',
        'recurring',
        'product',
        'product_data',
        'lookup_key',
        'transfer_lookup_key',
        'metadata',
        'nickname',
        'active',
        'tax_behavior',
        'expand',
      ])
      const currency = params.requiredString('currency').toLowerCase()
      if (!/^[a-z]{3}$/.test(currency)) throw invalidParam('currency', `Invalid currency: ${currency}`)
      const unitAmount = params.integer('unit_amount', { min: 0, max: 99_999_999 })
      if (unitAmount === undefined)
        throw invalidParam('unit_amount', 'Missing required param: unit_amount.', 'parameter_missing')
      const recurring = params.child('recurring')?.accept(['interval', 'interval_count'])
      const interval = recurring ? (recurring.oneOf('interval', INTERVALS) ?? null) : null
      if (recurring && !interval)
        throw invalidParam(
          'recurring[interval]',
          'Missing required param: recurring[interval].',
          'parameter_missing',
        )
      const lookupKey = params.nullableString('lookup_key', 200) ?? null
      if (lookupKey) claimLookupKey(context, params, lookupKey)
      const price = newPrice({
        product: readProduct(context, params),
        currency,
        unitAmount,
        interval,
        intervalCount: recurring?.integer('interval_count', { min: 1, max: 36 }) ?? 1,
        lookupKey,
        nickname: params.nullableString('nickname', 250) ?? null,
        active: params.boolean('active') ?? true,
        metadata: mergeMetadata({}, params.metadata()),
      })
      price.tax_behavior = params.oneOf('tax_behavior', TAX_BEHAVIORS) ?? 'unspecified'
      context.store.put('prices', price.id, price)
      context.emit('price.created', price)
      return price
    },
  },
  {
    method: 'POST',
    path: '/v1/prices/:id',
    handler: ({ params, path }, context) => {
      params.accept([
        'active',
        'lookup_key',
        'transfer_lookup_key',
        'metadata',
        'nickname',
        'tax_behavior',
        'expand',
      ])
      const price = context.store.get('prices', path.id ?? '', 'price')
      const lookupKey = params.nullableString('lookup_key', 200)
      if (lookupKey) claimLookupKey(context, params, lookupKey, price)
      updatePrice(context, price, (current) => {
        const active = params.boolean('active')
        const nickname = params.nullableString('nickname', 250)
        const taxBehavior = params.oneOf('tax_behavior', TAX_BEHAVIORS)
        if (active !== undefined) current.active = active
        if (lookupKey !== undefined) current.lookup_key = lookupKey
        if (nickname !== undefined) current.nickname = nickname
        if (taxBehavior !== undefined) current.tax_behavior = taxBehavior
        current.metadata = mergeMetadata(current.metadata, params.metadata())
      })
      return price
    },
  },
  {
    method: 'GET',
    path: '/v1/products',
    handler: ({ params }, context) => {
      params.accept(['active', ...LIST_PARAMS])
      const active = params.boolean('active')
      const products = context.store
        .list('products')
        .filter((item) => active === undefined || item.active === active)
      return paginate(products, params, '/v1/products', 'product')
    },
  },
  {
    method: 'GET',
    path: '/v1/products/:id',
    handler: ({ params, path }, context) => {
      params.accept(['expand'])
      return context.store.get('products', path.id ?? '', 'product')
    },
  },
]
