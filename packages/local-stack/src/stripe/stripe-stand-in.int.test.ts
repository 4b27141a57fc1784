import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { ENV } from '@app/contracts'
import { afterAll, describe, expect, it } from 'vitest'
import { injectLocalStack } from '../testing/inject-local-stack'
import { scratchDir } from '../testing/scratch-dir'
import { stripeClient, stripeDeliveries, waitForStripeDeliveries } from '../testing/stripe'
import { startTestStandIn, subscribedCustomer, WebhookReceiver } from './test-stand-in'

const dataDir = scratchDir('stripe-stand-in-')
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('state on disk', () => {
  it('keeps customers, subscriptions, the catalogue and invoice numbering across a restart', async () => {
    const stateFile = join(dataDir, 'restart', 'state.json')
    const first = await startTestStandIn({ stateFile })
    const { customer, subscription } = await subscribedCustomer(first)
    const prices = (await first.stripe.prices.list({ limit: 100 })).data.map((price) => price.id)
    await first.stop()

    const second = await startTestStandIn({ stateFile })
    try {
      expect((await second.stripe.customers.retrieve(customer.id)).id).toBe(customer.id)
      expect((await second.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
      expect((await second.stripe.prices.list({ limit: 100 })).data.map((price) => price.id)).toEqual(prices)
      const portal = await second.stripe.billingPortal.sessions.create({ customer: customer.id })
      const page = await fetch(`${portal.url}/renew-now`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ subscription: subscription.id }),
      })
      expect(page.status).toBe(303)
      const invoices = await second.stripe.invoices.list({ customer: customer.id })
      expect(invoices.data.map((invoice) => invoice.number)).toEqual([
        `${customer.invoice_prefix}-0002`,
        `${customer.invoice_prefix}-0001`,
      ])
    } finally {
      await second.stop()
    }
  })

  it('resumes undelivered events after a restart', async () => {
    const stateFile = join(dataDir, 'queue', 'state.json')
    const down = await new WebhookReceiver().start()
    down.status = 503
    const first = await startTestStandIn({
      stateFile,
      webhookUrl: down.url,
      delivery: { attempts: 5, firstRetryMs: 60_000 },
    })
    const customer = await first.stripe.customers.create({ name: 'Queued' })
    await expect.poll(async () => (await stripeDeliveries(first.config)).deliveries[0]?.attempts).toBe(1)
    expect((await stripeDeliveries(first.config)).pending).toBe(1)
    await first.stop()
    await down.stop()

    const second = await startTestStandIn({ stateFile })
    try {
      await waitForStripeDeliveries(second.config)
      expect(
        second.receiver.received.map(({ event }) => [event.type, (event.data.object as { id: string }).id]),
      ).toEqual([['customer.created', customer.id]])
    } finally {
      await second.stop()
    }
  })
})

describe('in the local stack', () => {
  const stack = injectLocalStack()

  it('is in the config and the handlers’ environment, with the catalogue seeded', async () => {
    expect(stack.stripe).toEqual({
      apiUrl: `http://127.0.0.1:${stack.ports.stripe}`,
      publicUrl: `http://localhost:${stack.ports.stripe}`,
      secretKey: 'sk_test_local_stack',
      webhookSecret: 'whsec_local_stack',
    })
    expect(process.env[ENV.stripeApiUrl]).toBe(stack.stripe.apiUrl)
    expect(process.env[ENV.stripeSecretKey]).toBe(stack.stripe.secretKey)
    expect(process.env[ENV.stripeWebhookSecret]).toBe(stack.stripe.webhookSecret)
    const prices = await stripeClient(stack).prices.list({ lookup_keys: ['TEAM_MONTHLY', 'TEAM_YEARLY'] })
    expect(prices.data.map((price) => price.unit_amount).sort()).toEqual([4900, 49000])
    expect((await stripeDeliveries(stack)).webhookUrl).toBe(
      `http://127.0.0.1:${stack.ports.api}/api/payments/webhook`,
    )
  })
})
