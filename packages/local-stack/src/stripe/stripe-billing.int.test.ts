import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { portalAction, waitForStripeDeliveries } from '../testing/stripe'
import { startTestStandIn, subscribedCustomer, type TestStandIn } from './test-stand-in'

let test: TestStandIn
let stripe: Stripe
beforeAll(async () => {
  test = await startTestStandIn()
  stripe = test.stripe
})
afterAll(() => test.stop())

const priceFor = async (plan: string) =>
  (await stripe.prices.list({ lookup_keys: [plan] })).data[0] as Stripe.Price
const itemOf = (subscription: Stripe.Subscription) => subscription.items.data[0] as Stripe.SubscriptionItem

/** How many deliveries the receiver has once everything pending has arrived. */
async function deliveredSoFar() {
  await waitForStripeDeliveries(test.config)
  return test.receiver.received.length
}

/** Event types delivered for this subscription since `after` deliveries. */
async function typesFor(subscription: string, after: number) {
  await waitForStripeDeliveries(test.config)
  return test.receiver.received.slice(after).flatMap(({ event }) => {
    const object = event.data.object as Stripe.Subscription | Stripe.Invoice
    const owner =
      object.object === 'subscription'
        ? object.id
        : (object as Stripe.Invoice).parent?.subscription_details?.subscription
    return owner === subscription ? [event.type] : []
  })
}

async function portalFor(customer: string, flow?: string) {
  return stripe.billingPortal.sessions.create({
    customer,
    return_url: 'http://localhost:5173/app/organization/billing',
    ...(flow
      ? { flow_data: { type: 'subscription_update', subscription_update: { subscription: flow } } }
      : {}),
  })
}

describe('billing portal', () => {
  it('shows the plan, invoices, the way back and the local test controls', async () => {
    const { customer } = await subscribedCustomer(test)
    const portal = await portalFor(customer.id)
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'http://localhost:5173/app/organization/billing',
      url: `${test.config.stripe.publicUrl}/portal/${portal.id}`,
      flow: null,
    })
    const html = await (await fetch(portal.url)).text()
    for (const text of [
      'Team (monthly)',
      '$49.00',
      'Renews on',
      'Update plan',
      'Cancel plan',
      'Invoice history',
      '/pdf',
      'Local test controls',
      'Renew now (payment succeeds)',
      'Renew now (card declined)',
      'End subscription now',
      '← Return to SES Studio',
    ])
      expect(html).toContain(text)
  })

  it('opens straight on the plan switcher for flow_data subscription_update', async () => {
    const { customer, subscription } = await subscribedCustomer(test, 'SOLO_MONTHLY')
    const portal = await portalFor(customer.id, subscription.id)
    expect(portal.flow).toMatchObject({
      type: 'subscription_update',
      subscription_update: { subscription: subscription.id },
    })
    const html = await (await fetch(portal.url)).text()
    expect(html).toContain('Switch to Team Plus (yearly)')
    expect(html).not.toContain('Switch to Solo (monthly)')
    expect(html).toContain('charges a switch at once')
  })

  it('switches the plan: new price and period from now, an immediate paid invoice', async () => {
    const { customer, subscription } = await subscribedCustomer(test)
    const yearly = await priceFor('TEAM_PLUS_YEARLY')
    const portal = await portalFor(customer.id)
    const seen = await deliveredSoFar()
    await portalAction(portal.url, 'switch', { price: yearly.id })

    const switched = await stripe.subscriptions.retrieve(subscription.id)
    const item = itemOf(switched)
    expect(item.id).toBe(itemOf(subscription).id)
    expect(item.price.id).toBe(yearly.id)
    expect(new Date(item.current_period_end * 1000).getUTCFullYear()).toBe(
      new Date(item.current_period_start * 1000).getUTCFullYear() + 1,
    )
    const invoice = await stripe.invoices.retrieve(switched.latest_invoice as string)
    expect(invoice).toMatchObject({ status: 'paid', total: 99000, billing_reason: 'subscription_update' })
    expect(invoice.number).toBe(`${customer.invoice_prefix}-0002`)
    expect(await typesFor(subscription.id, seen)).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ])
    const updated = test.receiver.received
      .slice(seen)
      .find(({ event }) => event.type === 'customer.subscription.updated')
    expect(Object.keys(updated?.event.data.previous_attributes ?? {})).toEqual(
      expect.arrayContaining(['items', 'latest_invoice']),
    )
  })

  it('cancels at period end and renews again', async () => {
    const { customer, subscription } = await subscribedCustomer(test)
    const portal = await portalFor(customer.id)
    const seen = await deliveredSoFar()
    await portalAction(portal.url, 'cancel')
    const canceling = await stripe.subscriptions.retrieve(subscription.id)
    expect(canceling).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: itemOf(subscription).current_period_end,
    })
    expect(await (await fetch(portal.url)).text()).toContain('Renew plan')

    await portalAction(portal.url, 'renew')
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    })
    expect(await typesFor(subscription.id, seen)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.updated',
    ])
  })

  it('renews now (paid or declined) and ends now from the local test controls', async () => {
    const { customer, subscription } = await subscribedCustomer(test)
    const portal = await portalFor(customer.id)
    let seen = await deliveredSoFar()
    await portalAction(portal.url, 'renew-now')
    expect(await typesFor(subscription.id, seen)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ])

    seen = await deliveredSoFar()
    await portalAction(portal.url, 'renew-now-declined')
    const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] })
    expect(pastDue.status).toBe('past_due')
    expect(pastDue.latest_invoice).toMatchObject({
      status: 'open',
      attempted: true,
      amount_paid: 0,
      amount_remaining: 4900,
    })
    expect(await typesFor(subscription.id, seen)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ])
    expect(await (await fetch(portal.url)).text()).toContain('Pay the open invoice')

    // the hosted invoice page takes the payment: the subscription is active again
    const openInvoice = pastDue.latest_invoice as Stripe.Invoice
    const pay = await fetch(`${openInvoice.hosted_invoice_url}/pay`, { method: 'POST', redirect: 'manual' })
    expect(pay.status).toBe(303)
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'active' })
    expect(await stripe.invoices.retrieve(openInvoice.id)).toMatchObject({ status: 'paid', attempt_count: 2 })

    seen = await deliveredSoFar()
    await portalAction(portal.url, 'end-now')
    const ended = await stripe.subscriptions.retrieve(subscription.id)
    expect(ended).toMatchObject({ status: 'canceled' })
    expect(ended.ended_at).toBeGreaterThan(0)
    expect(await typesFor(subscription.id, seen)).toEqual(['customer.subscription.deleted'])
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([])
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1)
  })
})

describe('subscriptions API', () => {
  it('updates price, cancel_at_period_end and metadata with one customer.subscription.updated', async () => {
    const { subscription } = await subscribedCustomer(test)
    const team = await priceFor('TEAM_MONTHLY')
    const teamPlus = await priceFor('TEAM_PLUS_MONTHLY')
    const seen = await deliveredSoFar()
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemOf(subscription).id, price: teamPlus.id }],
      proration_behavior: 'none',
      cancel_at_period_end: true,
      metadata: { note: 'moved' },
    })
    expect(itemOf(updated).price.id).toBe(teamPlus.id)
    expect(itemOf(updated).current_period_end).toBe(itemOf(subscription).current_period_end)
    expect(updated).toMatchObject({
      cancel_at_period_end: true,
      metadata: { organizationId: 'org-portal', note: 'moved' },
    })
    expect(await typesFor(subscription.id, seen)).toEqual(['customer.subscription.updated'])
    expect((await stripe.subscriptions.list({ price: teamPlus.id })).data.map((item) => item.id)).toContain(
      subscription.id,
    )
    expect((await stripe.subscriptions.list({ price: team.id })).data.map((item) => item.id)).not.toContain(
      subscription.id,
    )
  })

  it('cancels at once with DELETE, and refuses a second cancel', async () => {
    const { subscription } = await subscribedCustomer(test)
    const seen = await deliveredSoFar()
    const canceled = await stripe.subscriptions.cancel(subscription.id, { prorate: false })
    expect(canceled).toMatchObject({ status: 'canceled' })
    expect(canceled.canceled_at).toBeGreaterThan(0)
    expect(canceled.ended_at).toBeGreaterThan(0)
    expect(await typesFor(subscription.id, seen)).toEqual(['customer.subscription.deleted'])
    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toMatchObject({ statusCode: 400 })
  })
})

describe('invoices', () => {
  it('filters by customer, subscription, status and created, and pages newest first', async () => {
    const { customer, subscription } = await subscribedCustomer(test)
    const portal = await portalFor(customer.id)
    await portalAction(portal.url, 'renew-now')
    await portalAction(portal.url, 'renew-now')
    await portalAction(portal.url, 'renew-now-declined')
    const all = await stripe.invoices.list({ customer: customer.id })
    expect(all.data.map((invoice) => invoice.number)).toEqual(
      ['0004', '0003', '0002', '0001'].map((n) => `${customer.invoice_prefix}-${n}`),
    )
    expect(all).toMatchObject({ object: 'list', has_more: false, url: '/v1/invoices' })

    expect((await stripe.invoices.list({ subscription: subscription.id, status: 'open' })).data).toHaveLength(
      1,
    )
    expect((await stripe.invoices.list({ customer: customer.id, status: 'paid' })).data).toHaveLength(3)
    const created = all.data[3]?.created ?? 0
    expect(
      (await stripe.invoices.list({ customer: customer.id, created: { gte: created } })).data,
    ).toHaveLength(4)
    expect(
      (await stripe.invoices.list({ customer: customer.id, created: { lt: created } })).data,
    ).toHaveLength(0)

    const first = await stripe.invoices.list({ customer: customer.id, limit: 3 })
    expect(first.has_more).toBe(true)
    const second = await stripe.invoices.list({
      customer: customer.id,
      limit: 3,
      starting_after: first.data[2]?.id,
    })
    expect(second.data.map((invoice) => invoice.id)).toEqual([all.data[3]?.id])
    expect(second.has_more).toBe(false)
    const before = await stripe.invoices.list({
      customer: customer.id,
      limit: 2,
      ending_before: all.data[3]?.id,
    })
    expect(before.data.map((invoice) => invoice.id)).toEqual([all.data[1]?.id, all.data[2]?.id])
    expect(before.has_more).toBe(true)

    const autoPaged = await stripe.invoices
      .list({ customer: customer.id, limit: 1 })
      .autoPagingToArray({ limit: 10 })
    expect(autoPaged.map((invoice) => invoice.id)).toEqual(all.data.map((invoice) => invoice.id))
  })

  it('serves the hosted invoice page and a real PDF', async () => {
    const { customer, subscription } = await subscribedCustomer(test)
    await stripe.customers.update(customer.id, {
      address: { line1: '5 Rue Test', city: 'Paris', postal_code: '75001', country: 'FR' },
    })
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string)
    const page = await (await fetch(invoice.hosted_invoice_url as string)).text()
    for (const text of [
      invoice.number as string,
      'SES Studio (local stand-in)',
      'Team (monthly) — 1 × $49.00',
      'Paid',
    ])
      expect(page).toContain(text)

    const pdf = await fetch(invoice.invoice_pdf as string)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const bytes = Buffer.from(await pdf.arrayBuffer())
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(bytes.length).toBeGreaterThan(1000)
  })
})
