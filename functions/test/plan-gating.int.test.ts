import {
  acceptsCaller,
  FEATURES,
  type Feature,
  lowestTierFor,
  OrganizationIdQuerySchema,
  planFor,
  ROUTE_LIST,
  type RouteEntry,
  routes,
  TIERS,
} from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { endpointGroup } from '../src/middleware/endpoint-group'
import { httpEvent, lambdaContext, type TestHandler } from '../src/middleware/handler-testing'
import { setSubscription } from './seed'
import { api, newUser } from './stack'

type User = Awaited<ReturnType<typeof newUser>>

async function organizationOf(user: User): Promise<string> {
  return (await user.api.get('/api/account')).body.organizations[0].id
}

const claimsOf = (user: User) => ({
  sub: user.sub,
  email: user.email,
  email_verified: 'false',
  'cognito:username': user.sub,
  token_use: 'id',
})

/** The real middleware serving one probe route that declares `feature`, so every capability is exercised. */
function probe(feature: Feature): TestHandler {
  const route = {
    id: 'getAccount',
    method: 'GET',
    path: '/api/probe',
    group: 'account',
    summary: 'probe',
    auth: 'user',
    permission: 'organization.read',
    organization: { in: 'query', key: 'organizationId' },
    feature,
    query: OrganizationIdQuerySchema,
    status: 200,
  } as unknown as RouteEntry
  return endpointGroup('account', routes, { getAccount: async () => ({ ok: true }) } as never, {
    routes: [route],
  }) as TestHandler
}

async function callProbe(handler: TestHandler, user: User, orgId?: string) {
  const event = httpEvent('GET /api/probe', { claims: claimsOf(user) })
  event.queryStringParameters = orgId ? { organizationId: orgId } : {}
  const response = (await handler(event, lambdaContext)) as { statusCode: number; body: string }
  return { status: response.statusCode, body: JSON.parse(response.body) }
}

describe('plan gating middleware', () => {
  for (const feature of FEATURES) {
    it(`gates ${feature} by plan and subscription state`, async () => {
      const handler = probe(feature)
      const owner = await newUser()
      const orgId = await organizationOf(owner)
      const tier = TIERS[lowestTierFor(feature)].name

      const noPlan = await callProbe(handler, owner, orgId)
      expect(noPlan.status).toBe(403)
      expect(noPlan.body.error.code).toBe('plan.feature_locked')

      await setSubscription(orgId, 'START', 'active')
      const start = await callProbe(handler, owner, orgId)
      expect(start.status).toBe(403)
      expect(start.body.error).toMatchObject({ code: 'plan.feature_locked' })
      expect(start.body.error.message).toContain(`needs the ${tier} plan`)

      await setSubscription(orgId, planFor(lowestTierFor(feature), 'month'), 'past_due')
      expect(await callProbe(handler, owner, orgId)).toEqual({ status: 200, body: { ok: true } })
      await setSubscription(orgId, 'TEAM_PLUS_YEARLY', 'trialing')
      expect((await callProbe(handler, owner, orgId)).status).toBe(200)

      await setSubscription(orgId, 'TEAM_PLUS_YEARLY', 'canceled')
      const ended = await callProbe(handler, owner, orgId)
      expect(ended.status).toBe(403)
      expect(ended.body.error.message).toContain('no longer active')

      const stranger = await newUser()
      expect((await callProbe(handler, stranger, orgId)).status).toBe(404)
      expect((await callProbe(handler, owner)).status).toBe(400)
    })
  }
})

/**
 * Every route of the API that declares a plan feature, through the local API gateway: START is refused with
 * 403 plan.feature_locked before anything else happens, and a plan that unlocks the feature gets past the gate
 * (whatever the handler then answers to this empty request, it is not the gate's refusal).
 */
// The public API's key-only routes are gated too; their tests prove it with a key (a user's token gets 401 there).
const gated = ROUTE_LIST.filter((route) => route.feature && acceptsCaller(route, 'user'))
describe.skipIf(gated.length === 0)('every gated route in the route table', () => {
  for (const route of gated) {
    it(`${route.method} ${route.path} (${route.feature})`, async () => {
      const owner = await newUser()
      const orgId = await organizationOf(owner)
      const path = route.path.replace(/\{(\w+)\}/g, '01ARZ3NDEKTSV4RRFFQ69G5FAV')
      const call = () =>
        api(owner.idToken).request(route.method, `${path}?organizationId=${orgId}`, {
          // Routes that take a body get one (some name the organization there); the others take none.
          ...(route.body ? { body: { organizationId: orgId } } : {}),
        })
      await setSubscription(orgId, 'START', 'active')
      const refused = await call()
      expect(refused.status).toBe(403)
      expect(refused.body.error.code).toBe('plan.feature_locked')

      await setSubscription(orgId, planFor(lowestTierFor(route.feature as Feature), 'year'), 'active')
      const allowed = await call()
      expect(allowed.body?.error?.code).not.toBe('plan.feature_locked')
    })
  }
})
