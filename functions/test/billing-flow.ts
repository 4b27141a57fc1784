/** Test glue for billing: a signed-up owner whose organization subscribes through the Stripe stand-in. */
import type { PaidPlan } from '@app/contracts'
import { dynamo } from '@app/core/aws'
import { organizationKey } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { payCheckout, stripeClient, waitForStripeDeliveries } from '@app/local-stack/testing/stripe'
import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { expect } from 'vitest'
import { newUser, stack } from './stack'

export const stripe = () => stripeClient(stack)

export async function ownerWithOrganization() {
  const owner = await newUser()
  const account = await owner.api.get('/api/account')
  const orgId: string = account.body.organizations[0].id
  return { owner, orgId }
}

/** Checkout → the stand-in's card form → its signed webhooks → our plan. */
export async function subscribe(
  owner: Awaited<ReturnType<typeof newUser>>,
  orgId: string,
  plan: PaidPlan = 'TEAM_MONTHLY',
) {
  const checkout = await owner.api.post('/api/payments/checkout-sessions', { organizationId: orgId, plan })
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(201)
  const paid = await payCheckout(checkout.body.url, { card: 'success' })
  await waitForStripeDeliveries(stack)
  return { checkoutUrl: checkout.body.url as string, paid }
}

/** The Stripe customer stored on the organization (undefined before its first checkout or billing save). */
export async function customerOf(orgId: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: organizationKey(orgId), ConsistentRead: true }),
  )
  return Item?.stripeCustomerId as string | undefined
}

export async function organizationOf(owner: Awaited<ReturnType<typeof newUser>>, orgId: string) {
  const account = await owner.api.get('/api/account')
  return account.body.organizations.find((org: { id: string }) => org.id === orgId)
}
