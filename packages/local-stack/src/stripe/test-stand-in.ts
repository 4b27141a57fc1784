import { createServer } from 'node:http'
import type Stripe from 'stripe'
import { closeServer, listen } from '../http/listen'
import { readBody } from '../http/read-body'
import {
  payCheckout,
  type StripeStandInConfig,
  stripeClient,
  waitForStripeDeliveries,
} from '../testing/stripe'
import { type StripeStandInOptions, startStripeStandIn } from './stripe-stand-in'

export interface ReceivedWebhook {
  body: string
  signature: string
  event: Stripe.Event
}

/** A webhook endpoint for tests: keeps every raw delivery it accepts; set `status` to make deliveries fail. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = []
  status = 200
  url = ''
  private readonly server = createServer(async (request, response) => {
    const body = await readBody(request, 1024 * 1024)
    const text = body.ok ? body.body.toString('utf8') : ''
    if (this.status < 300)
      this.received.push({
        body: text,
        signature: String(request.headers['stripe-signature']),
        event: JSON.parse(text),
      })
    response.writeHead(this.status).end()
  })

  async start(): Promise<this> {
    this.url = `http://127.0.0.1:${await listen(this.server, 0)}/webhook`
    return this
  }

  /** Event types received, in order. */
  types(): string[] {
    return this.received.map((delivery) => delivery.event.type)
  }

  stop(): Promise<void> {
    return closeServer(this.server)
  }
}

export const TEST_SECRET_KEY = 'sk_test_stand_in_tests'
export const TEST_WEBHOOK_SECRET = 'whsec_stand_in_tests'

/**
 * A Stripe stand-in of its own on a free port (fast retries), delivering to a receiver in the test: what the
 * stack's stand-in does, without the API's webhook route, which these tests do not exercise.
 */
export async function startTestStandIn(options: Partial<StripeStandInOptions> = {}) {
  const receiver = await new WebhookReceiver().start()
  const standIn = await startStripeStandIn({
    port: 0,
    secretKey: TEST_SECRET_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    webhookUrl: receiver.url,
    log: () => {},
    delivery: { attempts: 5, firstRetryMs: 20 },
    ...options,
  })
  const config: StripeStandInConfig = {
    stripe: {
      apiUrl: standIn.apiUrl,
      publicUrl: standIn.publicUrl,
      secretKey: TEST_SECRET_KEY,
      webhookSecret: TEST_WEBHOOK_SECRET,
    },
  }
  return {
    config,
    stripe: stripeClient(config),
    receiver,
    standIn,
    async stop() {
      await standIn.stop()
      await receiver.stop()
    },
  }
}

export type TestStandIn = Awaited<ReturnType<typeof startTestStandIn>>

/** A customer subscribed to `plan` through the hosted checkout with the success card. */
export async function subscribedCustomer(test: TestStandIn, plan = 'TEAM_MONTHLY') {
  const { stripe } = test
  const customer = await stripe.customers.create({
    name: 'Portal Co',
    email: `billing-${Date.now()}@portal.test`,
  })
  const price = (await stripe.prices.list({ lookup_keys: [plan] })).data[0]
  if (!price) throw new Error(`no price for ${plan}`)
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    subscription_data: { metadata: { organizationId: 'org-portal' } },
    success_url: 'http://localhost:5173/app/done',
  })
  const paid = await payCheckout(session.url ?? '')
  if (!paid.paid) throw new Error(paid.message)
  const { subscription } = await stripe.checkout.sessions.retrieve(session.id)
  await waitForStripeDeliveries(test.config)
  return { customer, price, subscription: await stripe.subscriptions.retrieve(subscription as string) }
}
