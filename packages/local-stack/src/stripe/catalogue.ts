import { isPaidPlan, PLAN_CATALOGUE, PLAN_CURRENCY, type PlanTier, planAmountCents } from '@app/contracts'
import type Stripe from 'stripe'
import { newPrice, newProduct } from './objects/prices'
import type { Store } from './store'

/**
 * The product catalogue as it would be set up in the Stripe dashboard: one product per paid tier ('Solo', 'Team',
 * 'Team Plus') and one recurring price per paid plan, found by `lookup_key` = the plan ('TEAM_MONTHLY').
 */
export function seedCatalogue(store: Store): void {
  const products = new Map<PlanTier, Stripe.Product>()
  for (const info of PLAN_CATALOGUE) {
    if (!isPaidPlan(info.plan) || !info.interval) continue
    let product = products.get(info.tier)
    if (!product) {
      product = newProduct(info.name, { tier: info.tier })
      products.set(info.tier, product)
      store.put('products', product.id, product)
    }
    const price = newPrice({
      product: product.id,
      currency: PLAN_CURRENCY,
      unitAmount: planAmountCents(info.plan),
      interval: info.interval,
      intervalCount: 1,
      lookupKey: info.plan,
      nickname: info.fullName,
      active: true,
      metadata: { plan: info.plan },
    })
    store.put('prices', price.id, price)
    product.default_price ??= price.id
  }
}
