import { dynamo } from '@app/core/aws'
import { organizationKey, stripeEventKey } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { waitForStripeDeliveries } from '@app/local-stack/testing/stripe'
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { organizationOf, ownerWithOrganization, stripe, subscribe } from './billing-flow'
import { anonymous, stack } from './stack'

const WEBHOOK = '/api/payments/webhook'

function signed(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? stack.stripe.webhookSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  })
}

const deliver = (payload: string, signature?: string) =>
  anonymous().request('POST', WEBHOOK, {
    rawBody: payload,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  })

const eventRecord = async (eventId: string) =>
  (
    await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: stripeEventKey(eventId), ConsistentRead: true }),
    )
  ).Item

async function eventsOf(customerId: string): Promise<Stripe.Event[]> {
  const all: Stripe.Event[] = []
  for await (const event of stripe().events.list({ limit: 100 })) {
    if ((event.data.object as { customer?: string }).customer === customerId) all.push(event)
  }
  return all
}

/** Back to "never heard from Stripe": no plan, no read marker, no processed events. */
async function forget(orgId: string, events: Stripe.Event[]) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: organizationKey(orgId),
      UpdateExpression: 'REMOVE #plan, subscriptionStatus, stripeSubscriptionId, billingReadAt',
      ExpressionAttributeNames: { '#plan': 'plan' },
    }),
  )
  for (const event of events) {
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: stripeEventKey(event.id) }))
  }
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items]
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1))
    ;[copy[index], copy[other]] = [copy[other] as T, copy[index] as T]
  }
  return copy
}

describe('Stripe webhook', () => {
  it('ends in the same state after 10× duplicated, shuffled deliveries, processing each event once', async () => {
    const { owner, orgId } = await ownerWithOrganization()
    await subscribe(owner, orgId, 'TEAM_MONTHLY')
    const customerId = (
      await dynamo().send(
        new GetCommand({ TableName: tableName(), Key: organizationKey(orgId), ConsistentRead: true }),
      )
    ).Item?.stripeCustomerId as string
    // Then the customer cancels at once: the newest truth is "canceled".
    const [subscription] = (await stripe().subscriptions.list({ customer: customerId })).data
    await stripe().subscriptions.cancel(subscription?.id ?? '')
    await waitForStripeDeliveries(stack)
    expect(await organizationOf(owner, orgId)).toMatchObject({
      plan: 'TEAM_MONTHLY',
      subscriptionStatus: 'canceled',
    })

    const events = await eventsOf(customerId)
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'customer.subscription.created',
        'invoice.paid',
        'customer.subscription.deleted',
      ]),
    )
    await forget(orgId, events)

    const deliveries = shuffled(
      events.flatMap((event) => Array.from({ length: 10 }, () => JSON.stringify(event))),
    )
    const statuses: number[] = []
    for (let start = 0; start < deliveries.length; start += 8) {
      const batch = deliveries.slice(start, start + 8)
      const responses = await Promise.all(batch.map((payload) => deliver(payload, signed(payload))))
      statuses.push(...responses.map((response) => response.status))
    }
    expect(new Set(statuses)).toEqual(new Set([204]))

    // "created" events replayed after the cancellation cannot resurrect the plan: each run re-reads Stripe.
    expect(await organizationOf(owner, orgId)).toMatchObject({
      plan: 'TEAM_MONTHLY',
      subscriptionStatus: 'canceled',
    })
    for (const event of events) {
      expect(await eventRecord(event.id)).toMatchObject({ eventId: event.id, state: 'processed' })
    }

    // The owner then moves to START; the whole history delivered again must not take that back.
    expect((await owner.api.patch(`/api/organizations/${orgId}`, { plan: 'START' })).status).toBe(200)
    for (const event of events) {
      await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: stripeEventKey(event.id) }))
    }
    for (const event of shuffled(events)) {
      const payload = JSON.stringify(event)
      expect((await deliver(payload, signed(payload))).status).toBe(204)
    }
    expect(await organizationOf(owner, orgId)).toMatchObject({ plan: 'START', subscriptionStatus: null })
  }, 120_000)

  it('refuses a bad signature, a stale timestamp or no signature with 400 and changes nothing', async () => {
    const { owner, orgId } = await ownerWithOrganization()
    await subscribe(owner, orgId, 'SOLO_YEARLY')
    const customerId = (
      await dynamo().send(
        new GetCommand({ TableName: tableName(), Key: organizationKey(orgId), ConsistentRead: true }),
      )
    ).Item?.stripeCustomerId as string
    const [subscription] = (await stripe().subscriptions.list({ customer: customerId })).data
    const forged = {
      id: `evt_forged_${Date.now()}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...subscription, status: 'canceled' } },
    }
    const payload = JSON.stringify(forged)
    const attempts = [
      signed(payload, { secret: 'whsec_not_ours' }),
      signed(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      signed(`${payload} `), // the signature of another body
      't=1,v1=deadbeef',
      undefined,
    ]
    for (const signature of attempts) {
      const response = await deliver(payload, signature)
      expect(response.status, String(signature)).toBe(400)
      expect(response.body.error.code).toBe('webhook.invalid_signature')
    }
    expect(await eventRecord(forged.id)).toBeUndefined()
    expect(await organizationOf(owner, orgId)).toMatchObject({
      plan: 'SOLO_YEARLY',
      subscriptionStatus: 'active',
    })

    const wrongType = await anonymous().request('POST', WEBHOOK, {
      rawBody: payload,
      headers: { 'content-type': 'text/plain', 'stripe-signature': signed(payload) },
    })
    expect(wrongType.status).toBe(415)
  })

  it('ignores events that concern no subscription', async () => {
    const payload = JSON.stringify({
      id: `evt_other_${Date.now()}`,
      object: 'event',
      type: 'product.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'prod_x', object: 'product' } },
    })
    expect((await deliver(payload, signed(payload))).status).toBe(204)
  })
})
