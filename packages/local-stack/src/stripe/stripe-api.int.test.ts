import { PAID_PLANS, planAmountCents, planInterval } from '@app/contracts'
import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stripeClient, waitForStripeDeliveries } from '../testing/stripe'
import { startTestStandIn } from './test-stand-in'

let test: Awaited<ReturnType<typeof startTestStandIn>>
let stripe: Stripe
beforeAll(async () => {
  test = await startTestStandIn()
  stripe = test.stripe
})
afterAll(() => test.stop())

async function failure(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    const { type, statusCode, code, param, message } = error as Stripe.errors.StripeError
    return { type, statusCode, code, param, message }
  }
  throw new Error('expected the call to fail')
}

const rawGet = (path: string, key = test.config.stripe.secretKey) =>
  fetch(new URL(path, test.config.stripe.apiUrl), { headers: key ? { authorization: `Bearer ${key}` } : {} })

describe('authentication and errors', () => {
  it('answers a wrong or missing key with 401 in Stripe’s shape', async () => {
    const wrong = stripeClient({ stripe: { ...test.config.stripe, secretKey: 'sk_test_not_the_key' } })
    expect(await failure(wrong.customers.list())).toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    })
    const missing = await rawGet('/v1/customers', '')
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('You did not provide an API key'),
      },
    })
  })

  it('answers an unknown id with 404 resource_missing', async () => {
    const response = await rawGet('/v1/customers/cus_doesnotexist')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: "No such customer: 'cus_doesnotexist'",
      },
    })
    expect(await failure(stripe.subscriptions.retrieve('sub_nope'))).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    })
  })

  it('answers invalid and unknown parameters with 400 naming the parameter', async () => {
    expect(await failure(stripe.customers.create({ email: 'not-an-email' }))).toMatchObject({
      statusCode: 400,
      param: 'email',
    })
    expect(
      await failure(stripe.customers.create({ address: { line1: 'x', country: 'Germany' } })),
    ).toMatchObject({ statusCode: 400, param: 'address[country]' })
    expect(
      await failure(stripe.customers.create({ shipping: { name: 'x', address: { line1: 'x' } } })),
    ).toMatchObject({ statusCode: 400, param: 'shipping', code: 'parameter_unknown' })
    expect(await failure(stripe.invoices.list({ limit: 101 }))).toMatchObject({
      statusCode: 400,
      param: 'limit',
    })
  })

  it('answers an unknown path with 404 naming the request', async () => {
    const response = await rawGet('/v1/coupons')
    expect(response.status).toBe(404)
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      'Unrecognized request URL (GET: /v1/coupons)',
    )
  })
})

describe('customers and tax ids', () => {
  it('creates, reads and updates a customer; an empty string unsets a field', async () => {
    const created = await stripe.customers.create({
      name: 'Acme GmbH',
      email: 'billing@acme.test',
      address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'de' },
      metadata: { organizationId: '01HZX' },
    })
    expect(created).toMatchObject({
      object: 'customer',
      name: 'Acme GmbH',
      email: 'billing@acme.test',
      address: {
        line1: 'Hauptstr. 1',
        line2: null,
        city: 'Berlin',
        postal_code: '10115',
        country: 'DE',
        state: null,
      },
      metadata: { organizationId: '01HZX' },
      livemode: false,
    })
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{24}$/)
    expect(created.invoice_prefix).toMatch(/^[0-9A-F]{8}$/)

    const updated = await stripe.customers.update(created.id, {
      name: 'Acme AG',
      email: '',
      metadata: { organizationId: '', plan: 'TEAM' },
    })
    expect(updated).toMatchObject({ name: 'Acme AG', email: null, metadata: { plan: 'TEAM' } })
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({ name: 'Acme AG', email: null })

    await waitForStripeDeliveries(test.config)
    const event = test.receiver.received.find(
      (delivery) =>
        delivery.event.type === 'customer.updated' &&
        (delivery.event.data.object as { id: string }).id === created.id,
    )?.event
    expect(event?.data.previous_attributes).toEqual({
      name: 'Acme GmbH',
      email: 'billing@acme.test',
      metadata: { organizationId: '01HZX' },
    })
  })

  it('adds, lists and deletes tax ids', async () => {
    const customer = await stripe.customers.create({ name: 'Tax Co' })
    const vat = await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE123456789' })
    expect(vat).toMatchObject({
      object: 'tax_id',
      type: 'eu_vat',
      value: 'DE123456789',
      country: 'DE',
      customer: customer.id,
    })
    expect(vat.id).toMatch(/^txi_/)
    const ein = await stripe.customers.createTaxId(customer.id, { type: 'us_ein', value: '12-3456789' })

    const listed = await stripe.customers.listTaxIds(customer.id)
    expect(listed).toMatchObject({
      object: 'list',
      has_more: false,
      url: `/v1/customers/${customer.id}/tax_ids`,
    })
    expect(listed.data.map((taxId) => taxId.id)).toEqual([ein.id, vat.id])

    expect(await stripe.customers.deleteTaxId(customer.id, vat.id)).toEqual({
      id: vat.id,
      object: 'tax_id',
      deleted: true,
    })
    expect((await stripe.customers.listTaxIds(customer.id)).data.map((taxId) => taxId.id)).toEqual([ein.id])
    expect(
      await failure(stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: '123' })),
    ).toMatchObject({
      statusCode: 400,
      param: 'value',
    })
    expect(await failure(stripe.customers.deleteTaxId(customer.id, vat.id))).toMatchObject({
      statusCode: 404,
    })
  })
})

describe('idempotency', () => {
  it('answers the same key with the stored response, and refuses it with other parameters', async () => {
    const idempotencyKey = `key-${Date.now()}`
    const first = await stripe.customers.create({ name: 'Once' }, { idempotencyKey })
    const again = await stripe.customers.create({ name: 'Once' }, { idempotencyKey })
    expect(again.id).toBe(first.id)
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true')
    expect(
      (await stripe.customers.list({ limit: 100 })).data.filter((item) => item.name === 'Once'),
    ).toHaveLength(1)
    expect(await failure(stripe.customers.create({ name: 'Twice' }, { idempotencyKey }))).toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    })
  })
})

describe('the plan catalogue', () => {
  it('has one recurring price per paid plan, found by lookup key, with its tier’s product', async () => {
    const prices = await stripe.prices.list({
      lookup_keys: [...PAID_PLANS],
      expand: ['data.product'],
      limit: 100,
    })
    expect(prices.data).toHaveLength(PAID_PLANS.length)
    for (const plan of PAID_PLANS) {
      const price = prices.data.find((item) => item.lookup_key === plan)
      expect(price).toMatchObject({
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: planAmountCents(plan),
        type: 'recurring',
        recurring: { interval: planInterval(plan), interval_count: 1 },
        metadata: { plan },
      })
    }
    const byPlan = new Map(prices.data.map((price) => [price.lookup_key, price]))
    const product = (plan: string) => byPlan.get(plan)?.product as Stripe.Product | undefined
    expect(['SOLO_MONTHLY', 'TEAM_YEARLY', 'TEAM_PLUS_MONTHLY'].map((plan) => product(plan)?.name)).toEqual([
      'Solo',
      'Team',
      'Team Plus',
    ])
    expect(product('TEAM_MONTHLY')?.id).toBe(product('TEAM_YEARLY')?.id)
    expect((await stripe.prices.list({ lookup_keys: ['TEAM_MONTHLY'] })).data.map((item) => item.id)).toEqual(
      [byPlan.get('TEAM_MONTHLY')?.id],
    )
  })

  it('moves a lookup key only with transfer_lookup_key', async () => {
    const product = (await stripe.products.create) === undefined ? null : null
    expect(product).toBeNull()
    const lookupKey = `PROMO_${Date.now()}`
    const first = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 1500,
      recurring: { interval: 'month' },
      product_data: { name: 'Promo' },
      lookup_key: lookupKey,
      metadata: { plan: 'PROMO' },
    })
    expect(first).toMatchObject({
      lookup_key: lookupKey,
      unit_amount: 1500,
      recurring: { interval: 'month' },
    })
    expect((await stripe.products.retrieve(first.product as string)).name).toBe('Promo')

    const second = {
      currency: 'usd',
      unit_amount: 1200,
      recurring: { interval: 'month' as const },
      product: first.product as string,
      lookup_key: lookupKey,
    }
    expect(await failure(stripe.prices.create(second))).toMatchObject({
      statusCode: 400,
      param: 'lookup_key',
    })
    const moved = await stripe.prices.create({ ...second, transfer_lookup_key: true })
    expect(moved.lookup_key).toBe(lookupKey)
    expect((await stripe.prices.retrieve(first.id)).lookup_key).toBeNull()

    const back = await stripe.prices.update(first.id, {
      lookup_key: lookupKey,
      transfer_lookup_key: true,
      active: false,
    })
    expect(back).toMatchObject({ lookup_key: lookupKey, active: false })
    expect((await stripe.prices.list({ lookup_keys: [lookupKey], active: true })).data).toEqual([])
  })
})
