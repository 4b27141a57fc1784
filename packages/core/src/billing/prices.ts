import {
  PAID_PLANS,
  type PaidPlan,
  PLAN_CURRENCY,
  type PlanPrice,
  type PriceSyncResult,
  planAmountCents,
  planInfo,
  planInterval,
} from '@app/contracts'
import { AppError } from '../errors'
import type { Logger } from '../log'
import * as Repo from './billing.repo'
import { callStripe, type Stripe, stripe } from './stripe-client'
import { isLive, planOfPrice, statusOf } from './subscriptions'

/*
 * Stripe prices are found by lookup key = plan value ('TEAM_MONTHLY'), so no price ids need configuring: the
 * admin "apply catalogue prices" creates them in a fresh Stripe account, and moves the key when a price changes.
 */

async function activePrices(): Promise<Map<PaidPlan, Stripe.Price>> {
  const client = await stripe()
  const found = new Map<PaidPlan, Stripe.Price>()
  const page = await client.prices.list({ lookup_keys: [...PAID_PLANS], active: true, limit: 100 })
  for (const price of page.data) {
    const plan = planOfPrice(price)
    if (plan && plan !== 'START') found.set(plan, price)
  }
  return found
}

export async function activePriceFor(plan: PaidPlan): Promise<Stripe.Price> {
  const price = (await activePrices()).get(plan)
  if (!price) {
    throw new AppError(
      'billing.provider_error',
      `No Stripe price exists for ${planInfo(plan).fullName}; an operator must apply the catalogue prices in the Admin Panel.`,
    )
  }
  return price
}

export async function planPrices(): Promise<PlanPrice[]> {
  const prices = await callStripe(activePrices)
  return PAID_PLANS.map((plan) => {
    const price = prices.get(plan)
    return {
      plan,
      currency: PLAN_CURRENCY,
      catalogueAmount: planAmountCents(plan),
      stripePriceId: price?.id ?? null,
      stripeAmount: price?.unit_amount ?? null,
    }
  })
}

function productOf(price: Stripe.Price): string {
  return typeof price.product === 'string' ? price.product : price.product.id
}

async function createPrice(plan: PaidPlan, product: string | null): Promise<Stripe.Price> {
  const client = await stripe()
  const interval = planInterval(plan) ?? 'month'
  return client.prices.create({
    currency: PLAN_CURRENCY,
    unit_amount: planAmountCents(plan),
    recurring: { interval },
    lookup_key: plan,
    transfer_lookup_key: true,
    nickname: planInfo(plan).fullName,
    metadata: { plan },
    ...(product ? { product } : { product_data: { name: planInfo(plan).name } }),
  })
}

/**
 * Brings Stripe in line with the catalogue: missing prices are created; a changed price gets a new Stripe
 * price (the lookup key moves to it, the old one is archived) and every live subscription on the old price is
 * moved to the new one without proration — it applies from the next renewal — and its organization gets a
 * notice with the old and new amount and that renewal date.
 */
export function syncPlanPrices(log?: Logger): Promise<PriceSyncResult> {
  return callStripe(() => applyCatalogue(log))
}

async function applyCatalogue(log?: Logger): Promise<PriceSyncResult> {
  const client = await stripe()
  const existing = await activePrices()
  const result: PriceSyncResult = { created: [], changed: [] }
  for (const plan of PAID_PLANS) {
    const current = existing.get(plan)
    const sibling = [...existing.values()].find(
      (price) => planInfo(planOfPrice(price) ?? plan).tier === planInfo(plan).tier,
    )
    if (!current) {
      await createPrice(plan, sibling ? productOf(sibling) : null)
      result.created.push(plan)
      continue
    }
    const newAmount = planAmountCents(plan)
    if (current.unit_amount === newAmount && current.currency === PLAN_CURRENCY) continue
    const replacement = await createPrice(plan, productOf(current))
    await client.prices.update(current.id, { active: false })
    let moved = 0
    for await (const subscription of client.subscriptions.list({
      price: current.id,
      status: 'all',
      limit: 100,
    })) {
      if (!isLive(statusOf(subscription))) continue
      const item = subscription.items.data.find((entry) => entry.price.id === current.id)
      if (!item) continue
      await client.subscriptions.update(subscription.id, {
        items: [{ id: item.id, price: replacement.id }],
        proration_behavior: 'none',
      })
      const orgId = subscription.metadata?.organizationId
      if (orgId) {
        await Repo.setPriceChangeNotice(orgId, {
          plan,
          currency: PLAN_CURRENCY,
          oldAmount: current.unit_amount ?? 0,
          newAmount,
          effectiveAt: new Date(item.current_period_end * 1000).toISOString(),
        })
      }
      moved += 1
    }
    log?.info('billing.price_changed', { plan, oldAmount: current.unit_amount, newAmount, moved })
    result.changed.push({ plan, oldAmount: current.unit_amount ?? 0, newAmount, subscriptionsMoved: moved })
  }
  return result
}
