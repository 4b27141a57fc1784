import { dynamo } from '@app/core/aws'
import { organizationKey } from '@app/core/db/keys'
import { tableName } from '@app/core/db/table'
import { payCheckout, waitForStripeDeliveries } from '@app/local-stack/testing/stripe'
import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { organizationOf, ownerWithOrganization, stripe, subscribe } from './billing-flow'
import { addMember } from './seed'
import { newUser, stack } from './stack'

const storedOrg = async (orgId: string) =>
  (
    await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: organizationKey(orgId), ConsistentRead: true }),
    )
  ).Item

describe('checkout', () => {
  it('activates the plan once the signed webhook arrives, with one customer per organization', async () => {
    const { owner, orgId } = await ownerWithOrganization()
    const { paid } = await subscribe(owner, orgId, 'TEAM_MONTHLY')
    if (!paid.paid) throw new Error(paid.message)
    expect(paid.redirectUrl).toContain(`/app/onboarding/checkout?session_id=`)
    expect(paid.redirectUrl).toContain('plan=TEAM_MONTHLY')

    expect(await organizationOf(owner, orgId)).toMatchObject({
      plan: 'TEAM_MONTHLY',
      subscriptionStatus: 'active',
      availableActions: null,
    })
    const customerId = (await storedOrg(orgId))?.stripeCustomerId
    const customer = await stripe().customers.retrieve(customerId)
    expect(customer).toMatchObject({ metadata: { organizationId: orgId }, email: owner.email })

    // A second checkout while subscribed is refused; the customer is reused, never duplicated.
    const again = await owner.api.post('/api/payments/checkout-sessions', {
      organizationId: orgId,
      plan: 'TEAM_YEARLY',
    })
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('billing.subscription_exists')
    expect((await storedOrg(orgId))?.stripeCustomerId).toBe(customerId)

    const billing = await owner.api.get(`/api/payments/billing?organizationId=${orgId}`)
    expect(billing.status).toBe(200)
    expect(billing.body.subscription).toMatchObject({
      plan: 'TEAM_MONTHLY',
      status: 'active',
      cancelAtPeriodEnd: false,
    })

    const invoices = await owner.api.get(`/api/payments/invoices?organizationId=${orgId}`)
    expect(invoices.status).toBe(200)
    expect(invoices.body.items).toHaveLength(1)
    const [invoice] = invoices.body.items
    expect(invoice).toMatchObject({
      status: 'paid',
      total: 4900,
      currency: 'usd',
      description: expect.stringContaining('Team (monthly)'),
    })
    const pdf = await fetch(invoice.pdf)
    expect(pdf.headers.get('content-type')).toContain('application/pdf')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF')
  })

  it('leaves the organization without a plan when the card is declined', async () => {
    const { owner, orgId } = await ownerWithOrganization()
    const checkout = await owner.api.post('/api/payments/checkout-sessions', {
      organizationId: orgId,
      plan: 'SOLO_MONTHLY',
    })
    const declined = await payCheckout(checkout.body.url, { card: 'declined' })
    expect(declined).toMatchObject({ paid: false, message: expect.stringMatching(/declined/i) })
    await waitForStripeDeliveries(stack)
    expect(await organizationOf(owner, orgId)).toMatchObject({ plan: null, subscriptionStatus: null })
    const invoices = await owner.api.get(`/api/payments/invoices?organizationId=${orgId}`)
    expect(invoices.body.items).toEqual([])
  })

  it('refuses bad input, other tenants and members without billing rights, changing nothing', async () => {
    const { owner, orgId } = await ownerWithOrganization()
    const cases: [unknown, number, string][] = [
      [{ organizationId: orgId, plan: 'START' }, 400, 'request.invalid'],
      [{ organizationId: orgId, plan: 'GOLD' }, 400, 'request.invalid'],
      [{ organizationId: 'nope', plan: 'TEAM_MONTHLY' }, 400, 'request.invalid'],
      [{ organizationId: orgId, plan: 'TEAM_MONTHLY', extra: 1 }, 400, 'request.invalid'],
    ]
    for (const [body, status, code] of cases) {
      const response = await owner.api.post('/api/payments/checkout-sessions', body)
      expect(response.status, JSON.stringify(body)).toBe(status)
      expect(response.body.error.code).toBe(code)
    }
    const stranger = await newUser()
    const foreign = await stranger.api.post('/api/payments/checkout-sessions', {
      organizationId: orgId,
      plan: 'TEAM_MONTHLY',
    })
    expect(foreign.status).toBe(404)
    expect((await stranger.api.get(`/api/payments/invoices?organizationId=${orgId}`)).status).toBe(404)
    expect((await stranger.api.get(`/api/payments/billing?organizationId=${orgId}`)).status).toBe(404)

    const member = await newUser()
    await addMember(orgId, member.sub, 'MEMBER')
    const byMember = await member.api.post('/api/payments/checkout-sessions', {
      organizationId: orgId,
      plan: 'TEAM_MONTHLY',
    })
    expect(byMember.status).toBe(403)
    expect(byMember.body.error.code).toBe('permission.denied')
    expect(
      (await member.api.patch(`/api/payments/billing?organizationId=${orgId}`, { companyName: 'X' })).status,
    ).toBe(403)
    expect((await member.api.post('/api/payments/customer-portals', { organizationId: orgId })).status).toBe(
      403,
    )
    // Members may read.
    expect((await member.api.get(`/api/payments/billing?organizationId=${orgId}`)).status).toBe(200)

    expect((await storedOrg(orgId))?.stripeCustomerId).toBeUndefined()
    const portal = await owner.api.post('/api/payments/customer-portals', { organizationId: orgId })
    expect(portal.status).toBe(409)
    expect(portal.body.error.code).toBe('billing.no_customer')
    const badReturn = await owner.api.post('/api/payments/customer-portals', {
      organizationId: orgId,
      returnPath: 'https://evil.example/app',
    })
    expect(badReturn.status).toBe(400)
  })
})

describe('billing details', () => {
  it('are kept in Stripe and validated', async () => {
    const { owner, orgId } = await ownerWithOrganization()
    const empty = await owner.api.get(`/api/payments/billing?organizationId=${orgId}`)
    expect(empty.body).toEqual({
      details: { companyName: null, email: null, address: null, taxId: null },
      subscription: null,
    })

    // Racing first saves still create one customer (idempotent creation, conditional store).
    const raced = await Promise.all(
      ['A', 'B', 'C'].map((name) =>
        owner.api.patch(`/api/payments/billing?organizationId=${orgId}`, { companyName: name }),
      ),
    )
    expect(raced.map((response) => response.status)).toEqual([200, 200, 200])
    const firstCustomer = (await storedOrg(orgId))?.stripeCustomerId

    const saved = await owner.api.patch(`/api/payments/billing?organizationId=${orgId}`, {
      companyName: 'Acme GmbH',
      email: 'Billing@Acme.example',
      address: { line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'de' },
      taxId: { type: 'eu_vat', value: 'DE123456789' },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.details).toEqual({
      companyName: 'Acme GmbH',
      email: 'billing@acme.example',
      address: {
        line1: 'Hauptstraße 1',
        line2: null,
        city: 'Berlin',
        postalCode: '10115',
        state: null,
        country: 'DE',
      },
      taxId: { type: 'eu_vat', value: 'DE123456789' },
    })
    const customerId = (await storedOrg(orgId))?.stripeCustomerId
    expect(customerId).toMatch(/^cus_/)
    expect(customerId).toBe(firstCustomer)
    expect((await stripe().customers.listTaxIds(customerId)).data).toHaveLength(1)

    const replaced = await owner.api.patch(`/api/payments/billing?organizationId=${orgId}`, {
      taxId: { type: 'gb_vat', value: 'GB123456789' },
      address: null,
    })
    expect(replaced.body.details).toMatchObject({
      address: null,
      taxId: { type: 'gb_vat', value: 'GB123456789' },
    })
    expect((await stripe().customers.listTaxIds(customerId)).data).toHaveLength(1)

    for (const body of [
      {},
      { taxId: { type: 'xx_vat', value: 'X1' } },
      { address: { line1: '', city: 'Berlin', country: 'DE' } },
      { address: { line1: 'a', city: 'b', country: 'Germany' } },
      { email: 'not-an-email' },
      { companyName: 'x'.repeat(121) },
    ]) {
      const response = await owner.api.patch(`/api/payments/billing?organizationId=${orgId}`, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body.error.code).toBe('request.invalid')
    }
    const after = await owner.api.get(`/api/payments/billing?organizationId=${orgId}`)
    expect(after.body.details).toEqual(replaced.body.details)
  })
})

describe('customer portal', () => {
  it('opens on the plan switcher for a live subscription', async () => {
    const { owner, orgId } = await ownerWithOrganization()
    await subscribe(owner, orgId, 'SOLO_MONTHLY')
    const portal = await owner.api.post('/api/payments/customer-portals', {
      organizationId: orgId,
      intent: 'switch_plan',
    })
    expect(portal.status).toBe(201)
    expect(portal.body.url).toMatch(new RegExp(`^${stack.stripe.publicUrl}/portal/`))
    const page = await (await fetch(portal.body.url)).text()
    expect(page).toContain('Team')
  })
})

describe('deleting an organization', () => {
  it('cancels its subscription (through organization.deleted, dispatched once)', async () => {
    const { owner } = await ownerWithOrganization()
    const created = await owner.api.post('/api/organizations', { name: 'Doomed' })
    const orgId = created.body.id
    await subscribe(owner, orgId, 'TEAM_MONTHLY')
    const customerId = (await storedOrg(orgId))?.stripeCustomerId
    const [live] = (await stripe().subscriptions.list({ customer: customerId })).data
    expect(live?.status).toBe('active')

    expect((await owner.api.delete(`/api/organizations/${orgId}`)).status).toBe(204)
    expect(await storedOrg(orgId)).toBeUndefined()
    // The dispatcher (the outbox poller locally, the table's stream on AWS) runs billing's subscriber.
    await expect
      .poll(async () => (await stripe().subscriptions.retrieve(live?.id ?? '')).status, { timeout: 20_000 })
      .toBe('canceled')
    await waitForStripeDeliveries(stack)
    expect(await storedOrg(orgId)).toBeUndefined()
  })
})
