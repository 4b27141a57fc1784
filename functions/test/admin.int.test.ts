import { ADMIN_GROUP } from '@app/contracts'
import { mintIdToken } from '@app/local-stack/testing/local-tokens'
import { describe, expect, it } from 'vitest'
import { customerOf, organizationOf, ownerWithOrganization, stripe, subscribe } from './billing-flow'
import { addMember } from './seed'
import { anonymous, api, newUser, stack } from './stack'

type User = Awaited<ReturnType<typeof newUser>>

/** The same user with `cognito:groups: [admins]` in an ID token signed by the local pool. */
async function asOperator(user: User) {
  const token = await mintIdToken(stack, {
    sub: user.sub,
    'cognito:username': user.sub,
    email: user.email,
    'cognito:groups': [ADMIN_GROUP],
  })
  return api(token)
}

const today = new Date().toISOString().slice(0, 10)
const range = `from=${today.slice(0, 8)}01&to=${today}`

describe('admin calls', () => {
  it('are refused to everyone but operators', async () => {
    const user = await newUser()
    const calls = [
      ['GET', `/api/admin/invoices?${range}`],
      ['GET', `/api/admin/reports/invoices?${range}`],
      ['GET', '/api/admin/plan-prices'],
      ['POST', '/api/admin/plan-prices/sync'],
    ] as const
    for (const [method, path] of calls) {
      const refused = await user.api.request(method, path)
      expect(refused.status, path).toBe(403)
      expect(refused.body.error.code).toBe('permission.denied')
      expect((await anonymous().request(method, path)).status, path).toBe(401)
    }
    // A token that merely claims another group is not an operator.
    const other = await mintIdToken(stack, {
      sub: user.sub,
      'cognito:username': user.sub,
      email: user.email,
      'cognito:groups': ['editors'],
    })
    expect((await api(other).get('/api/admin/plan-prices')).status).toBe(403)
  })

  it('list invoices across organizations with a pdf field, and report them as escaped CSV', async () => {
    const { owner, orgId } = await ownerWithOrganization()
    await owner.api.patch(`/api/payments/billing?organizationId=${orgId}`, {
      companyName: '=HYPERLINK("http://evil.example","click")',
      email: 'books@acme.example',
    })
    await subscribe(owner, orgId, 'SOLO_MONTHLY')
    const operator = await asOperator(await newUser())

    const list = await operator.get(`/api/admin/invoices?${range}`)
    expect(list.status, JSON.stringify(list.body)).toBe(200)
    const mine = list.body.items.find(
      (invoice: { organizationId: string }) => invoice.organizationId === orgId,
    )
    expect(mine).toMatchObject({ status: 'paid', total: 1900, customerEmail: 'books@acme.example' })
    expect(mine.pdf).toMatch(/^http:\/\/.+\/pdf$/)

    const report = await operator.get(`/api/admin/reports/invoices?${range}`)
    expect(report.status).toBe(200)
    expect(report.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(report.headers.get('content-disposition')).toMatch(/^attachment; filename="invoices-.+\.csv"$/)
    const lines = String(report.body).split('\r\n')
    expect(lines[0]).toBe(
      'Number,Date,Status,Description,Currency,Total,Period start,Period end,Organization,Customer,Email,Country,Tax id,PDF',
    )
    const row = lines.find((line) => line.includes(orgId))
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`)
    expect(row).toContain(',USD,19.00,')

    for (const query of [
      'from=2026-02-01&to=2026-01-01',
      'from=2024-01-01&to=2026-01-01',
      'from=yesterday&to=2026-01-01',
      '',
    ]) {
      const bad = await operator.get(`/api/admin/invoices?${query}`)
      expect(bad.status, query).toBe(400)
      expect(bad.body.error.code).toBe('request.invalid')
    }
  })

  it('apply a catalogue price change: subscribers move at renewal and owners get a notice to acknowledge', async () => {
    const operator = await asOperator(await newUser())
    const before = await operator.get('/api/admin/plan-prices')
    expect(before.status).toBe(200)
    expect(before.body.prices).toHaveLength(6)

    // Stripe holds an older TEAM_PLUS_YEARLY price than the catalogue ($790 instead of $990).
    const current = (await stripe().prices.list({ lookup_keys: ['TEAM_PLUS_YEARLY'], active: true })).data[0]
    const old = await stripe().prices.create({
      currency: 'usd',
      unit_amount: 79_000,
      recurring: { interval: 'year' },
      product: String(current?.product),
      lookup_key: 'TEAM_PLUS_YEARLY',
      transfer_lookup_key: true,
      metadata: { plan: 'TEAM_PLUS_YEARLY' },
    })
    const differs = await operator.get('/api/admin/plan-prices')
    expect(
      differs.body.prices.find((price: { plan: string }) => price.plan === 'TEAM_PLUS_YEARLY'),
    ).toMatchObject({
      catalogueAmount: 99_000,
      stripeAmount: 79_000,
      stripePriceId: old.id,
    })

    const { owner, orgId } = await ownerWithOrganization()
    await subscribe(owner, orgId, 'TEAM_PLUS_YEARLY')
    const admin = await newUser()
    await addMember(orgId, admin.sub, 'ADMIN')
    const member = await newUser()
    await addMember(orgId, member.sub, 'MEMBER')

    const synced = await operator.post('/api/admin/plan-prices/sync')
    expect(synced.status, JSON.stringify(synced.body)).toBe(200)
    const change = synced.body.changed.find((entry: { plan: string }) => entry.plan === 'TEAM_PLUS_YEARLY')
    expect(change).toMatchObject({ oldAmount: 79_000, newAmount: 99_000 })
    expect(change.subscriptionsMoved).toBeGreaterThanOrEqual(1)

    const organization = await organizationOf(owner, orgId)
    expect(organization.priceChangeNotice).toMatchObject({
      plan: 'TEAM_PLUS_YEARLY',
      currency: 'usd',
      oldAmount: 79_000,
      newAmount: 99_000,
    })
    const [subscription] = (await stripe().subscriptions.list({ customer: await customerOf(orgId) })).data
    expect(subscription?.items.data[0]?.price.unit_amount).toBe(99_000)
    expect(organization.priceChangeNotice.effectiveAt).toBe(
      new Date((subscription?.items.data[0]?.current_period_end ?? 0) * 1000).toISOString(),
    )
    expect((await stripe().prices.retrieve(old.id)).active).toBe(false)

    const path = `/api/organizations/${orgId}/price-change-notice/acknowledgement`
    expect((await member.api.post(path)).status).toBe(403)
    expect((await (await newUser()).api.post(path)).status).toBe(404)
    expect((await admin.api.post(path)).status).toBe(204)
    expect((await organizationOf(owner, orgId)).priceChangeNotice).toBeNull()

    const after = await operator.get('/api/admin/plan-prices')
    for (const price of after.body.prices) expect(price.stripeAmount).toBe(price.catalogueAmount)
  })
})
