import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DECLINED_MESSAGE, payCheckout, replayStripeEvent, waitForStripeDeliveries } from '../testing/stripe'
import { startTestStandIn, TEST_WEBHOOK_SECRET } from './test-stand-in'

let test: Awaited<ReturnType<typeof startTestStandIn>>
let stripe: Stripe
beforeAll(async () => {
  test = await startTestStandIn()
  stripe = test.stripe
})
afterAll(() => test.stop())

const APP = 'http://localhost:5173'

async function newCheckout(plan = 'TEAM_MONTHLY', customerFields: Stripe.CustomerCreateParams = {}) {
  const customer = await stripe.customers.create({
    name: 'Checkout Co',
    email: `owner-${Date.now()}@checkout.test`,
    address: { line1: '1 Main St', city: 'Springfield', postal_code: '12345', country: 'US', state: 'IL' },
    ...customerFields,
  })
  const price = (await stripe.prices.list({ lookup_keys: [plan] })).data[0] as Stripe.Price
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'org-1',
    line_items: [{ price: price.id, quantity: 1 }],
    metadata: { organizationId: 'org-1', plan },
    subscription_data: { metadata: { organizationId: 'org-1', plan } },
    success_url: `${APP}/app/onboarding/checkout?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${APP}/app/onboarding/plan?checkout=canceled`,
  })
  return { customer, price, session }
}

/** Events the receiver got for one customer, in delivery order. */
function deliveredFor(customer: string) {
  return test.receiver.received.filter((delivery) => {
    const object = delivery.event.data.object as { customer?: string; object: string; id: string }
    return object.customer === customer || object.id === customer
  })
}

describe('checkout sessions', () => {
  it('creates an open session whose url is the hosted page', async () => {
    const { customer, session } = await newCheckout()
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      client_reference_id: 'org-1',
      amount_total: 4900,
      currency: 'usd',
      subscription: null,
      url: `${test.config.stripe.publicUrl}/checkout/${session.id}`,
    })
    expect(session.id).toMatch(/^cs_test_/)
    expect(session.expires_at - session.created).toBe(24 * 60 * 60)
    const page = await fetch(session.url as string)
    const html = await page.text()
    expect(page.status).toBe(200)
    for (const text of [
      'Stripe stand-in — local test mode',
      'Team',
      '$49.00',
      customer.email as string,
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      '← Back',
    ])
      expect(html).toContain(text)
    const lineItems = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] })
    expect(lineItems.line_items?.data[0]).toMatchObject({
      quantity: 1,
      amount_total: 4900,
      price: { lookup_key: 'TEAM_MONTHLY' },
    })
  })

  it('refuses what the stand-in cannot sell', async () => {
    const price = (await stripe.prices.list({ lookup_keys: ['SOLO_MONTHLY'] })).data[0] as Stripe.Price
    const refusal = stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: `${APP}/ok`,
    })
    await expect(refusal).rejects.toMatchObject({ statusCode: 400, param: 'mode' })
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_missing', quantity: 1 }],
        success_url: `${APP}/ok`,
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'line_items[0][price]' })
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: 'javascript:alert(1)',
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'success_url' })
  })

  it('pays with the success card: subscription, paid invoice and Stripe’s events, all signed', async () => {
    const { customer, price, session } = await newCheckout()
    await stripe.customers.createTaxId(customer.id, { type: 'us_ein', value: '12-3456789' })
    const paid = await payCheckout(session.url as string)
    expect(paid).toEqual({
      paid: true,
      redirectUrl: `${APP}/app/onboarding/checkout?session_id=${session.id}`,
    })

    const completed = await stripe.checkout.sessions.retrieve(session.id)
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', url: null })
    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string, {
      expand: ['latest_invoice'],
    })
    const item = subscription.items.data[0] as Stripe.SubscriptionItem
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      cancel_at_period_end: false,
      metadata: { organizationId: 'org-1', plan: 'TEAM_MONTHLY' },
    })
    expect(item.price.id).toBe(price.id)
    const start = new Date(item.current_period_start * 1000)
    const end = new Date(item.current_period_end * 1000)
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12)
    expect(Math.abs(item.current_period_start - Date.now() / 1000)).toBeLessThan(60)

    const invoice = subscription.latest_invoice as Stripe.Invoice
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      customer: customer.id,
      customer_name: 'Checkout Co',
      customer_email: customer.email,
      customer_address: { line1: '1 Main St', city: 'Springfield', country: 'US' },
      customer_tax_ids: [{ type: 'us_ein', value: '12-3456789' }],
      currency: 'usd',
      subtotal: 4900,
      total: 4900,
      amount_due: 4900,
      amount_paid: 4900,
      amount_remaining: 0,
      billing_reason: 'subscription_create',
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription: subscription.id,
          metadata: { organizationId: 'org-1', plan: 'TEAM_MONTHLY' },
        },
      },
      hosted_invoice_url: `${test.config.stripe.publicUrl}/invoices/${invoice.id}`,
      invoice_pdf: `${test.config.stripe.publicUrl}/invoices/${invoice.id}/pdf`,
    })
    expect(invoice.number).toBe(`${customer.invoice_prefix}-0001`)
    expect(invoice.status_transitions.paid_at).toBeGreaterThan(0)
    expect(invoice.lines.data[0]).toMatchObject({
      description: 'Team (monthly) — 1 × $49.00',
      amount: 4900,
      period: { start: item.current_period_start, end: item.current_period_end },
      pricing: { price_details: { price: price.id } },
    })

    await waitForStripeDeliveries(test.config)
    const deliveries = deliveredFor(customer.id)
    expect(deliveries.map((delivery) => delivery.event.type)).toEqual([
      'customer.created',
      'customer.tax_id.created',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ])
    for (const delivery of deliveries) {
      const event = Stripe.webhooks.constructEvent(delivery.body, delivery.signature, TEST_WEBHOOK_SECRET)
      expect(event).toMatchObject({ object: 'event', api_version: '2026-10-28.endive', livemode: false })
      expect(() => Stripe.webhooks.constructEvent(delivery.body, delivery.signature, 'whsec_wrong')).toThrow()
    }
    const created = deliveries.find((delivery) => delivery.event.type === 'invoice.created')?.event.data
      .object
    expect(created).toMatchObject({ status: 'draft', number: null })

    const listed = await stripe.events.list({ type: 'checkout.session.completed', limit: 1 })
    expect((listed.data[0]?.data.object as Stripe.Checkout.Session | undefined)?.id).toBe(session.id)

    const page = await (
      await fetch(session.url ?? `${test.config.stripe.publicUrl}/checkout/${session.id}`)
    ).text()
    expect(page).toContain('This checkout is complete')
    expect(page).not.toContain('card_number')
  })

  it('declines the declined card: nothing is created, the page offers the way back', async () => {
    const { customer, session } = await newCheckout('SOLO_YEARLY')
    const eventsBefore = (await stripe.events.list({ limit: 100 })).data.length
    expect(await payCheckout(session.url as string, { card: 'declined' })).toEqual({
      paid: false,
      message: DECLINED_MESSAGE,
    })

    const page = await fetch(session.url as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        card_number: '4000 0000 0000 0002',
        expiry: '12 / 34',
        cvc: '123',
        name: 'X',
      }),
    })
    const html = await page.text()
    expect(html).toContain('role="alert">Your card was declined.')
    expect(html).toContain(`href="${APP}/app/onboarding/plan?checkout=canceled">← Back`)

    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([])
    expect((await stripe.invoices.list({ customer: customer.id })).data).toEqual([])
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open')
    expect((await stripe.events.list({ limit: 100 })).data.length).toBe(eventsBefore)
  })

  it('delivers an event again on replay, and retries a failing endpoint', async () => {
    const { customer, session } = await newCheckout('SOLO_MONTHLY')
    test.receiver.status = 500
    await payCheckout(session.url as string)
    await new Promise((resolve) => setTimeout(resolve, 30))
    test.receiver.status = 200
    const retried = await waitForStripeDeliveries(test.config)
    expect(retried.deliveries.some((record) => record.status === 'delivered' && record.attempts > 1)).toBe(
      true,
    )
    const types = deliveredFor(customer.id).map((delivery) => delivery.event.type)
    expect(types).toContain('customer.subscription.created')
    expect(types).toContain('checkout.session.completed')

    const completed = deliveredFor(customer.id).find(
      (delivery) => delivery.event.type === 'checkout.session.completed',
    )
    await replayStripeEvent(test.config, completed?.event.id as string)
    const status = await waitForStripeDeliveries(test.config)
    expect(
      deliveredFor(customer.id).filter((delivery) => delivery.event.id === completed?.event.id),
    ).toHaveLength(2)
    expect(status.deliveries[0]).toMatchObject({ eventId: completed?.event.id, status: 'delivered' })
  })
})
