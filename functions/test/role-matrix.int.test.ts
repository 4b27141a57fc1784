import { can, type NamedOrganizationSource, type RouteEntry } from '@app/contracts'
import { ulid } from 'ulid'
import { beforeAll, describe, expect, it } from 'vitest'
import { orgState } from './fixtures'
import {
  CALLERS,
  type Caller,
  FIXTURES,
  MATRIX_ROUTES,
  outsiderCode,
  seedWorld,
  type World,
} from './role-matrix-fixtures'

/**
 * The route-by-role matrix (issue 31): every route a signed-in member calls for an organization, called by its
 * owner, an admin, a member and an outsider. A role the permission table refuses gets 403 `permission.denied`,
 * the outsider the route's own 404, and nothing changes; a role the table allows gets past the gate.
 */
interface Call {
  route: RouteEntry
  caller: Caller
  method: string
  path: string
  body?: Record<string, unknown>
  /** Made invalid after the gate on purpose: an allowed caller gets the validation's 400. */
  probed: boolean
}

type Verdict = 'refused' | 'outsider' | 'allowed'
const verdictOf = (call: Pick<Call, 'route' | 'caller'>): Verdict =>
  call.caller === 'OUTSIDER'
    ? 'outsider'
    : call.route.permission && can(call.caller, call.route.permission)
      ? 'allowed'
      : 'refused'

function callOf(route: RouteEntry, caller: Caller, world: World): Call {
  const fixture = FIXTURES[route.id] ?? {}
  const source = route.organization as NamedOrganizationSource
  const ownerId =
    source.owner === 'template'
      ? world.templateId
      : source.owner === 'awsAccount'
        ? world.awsAccountId
        : world.orgId
  const params: Record<string, string> = {}
  for (const [, name = ''] of route.path.matchAll(/\{(\w+)\}/g))
    params[name] = name === 'version' ? '1' : ulid()
  const query: Record<string, string> = {}
  const body: Record<string, unknown> | undefined = route.body ? {} : undefined
  if (source.in === 'params') params[source.key] = ownerId
  else if (source.in === 'query') query[source.key] = ownerId
  else if (body) body[source.key] = ownerId
  Object.assign(params, fixture.params?.(world, caller))
  let probed = false
  if (!fixture.real) {
    const probeQuery = { ...query, matrixProbe: '1' }
    const probeBody = { ...body, matrixProbe: 1 }
    if (route.query && !route.query.safeParse(probeQuery).success) Object.assign(query, probeQuery)
    else if (body && route.body && !route.body.safeParse(probeBody).success) Object.assign(body, probeBody)
    else throw new Error(`${route.id}: nothing can be made invalid after the gate; mark its fixture real`)
    probed = true
  }
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
  const search = new URLSearchParams(query).toString()
  return { route, caller, method: route.method, path: search ? `${path}?${search}` : path, body, probed }
}

interface Outcome {
  call: Call
  status: number
  code: string | undefined
}

async function run(world: World, call: Call): Promise<Outcome> {
  const answer = await world.users[call.caller].api.request(
    call.method as 'GET',
    call.path,
    call.body ? { body: call.body } : {},
  )
  return { call, status: answer.status, code: answer.body?.error?.code }
}

/** Runs the calls `width` at a time. */
async function runAll(world: World, calls: Call[], width = 8): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  let next = 0
  const lane = async () => {
    for (let index = next++; index < calls.length; index = next++) {
      const call = calls[index]
      if (call) outcomes.push(await run(world, call))
    }
  }
  await Promise.all(Array.from({ length: width }, lane))
  return outcomes
}

/** What went against the table: one line per call, so a failure lists every wrong cell at once. */
function wrong(outcomes: Outcome[]): string[] {
  return outcomes.flatMap(({ call, status, code }) => {
    const cell = `${call.route.id} as ${call.caller}: ${status} ${code ?? ''}`.trim()
    const verdict = verdictOf(call)
    if (verdict === 'outsider')
      return status === 404 && code === outsiderCode(call.route) ? [] : [`${cell} (want 404)`]
    if (verdict === 'refused')
      return status === 403 && code === 'permission.denied' ? [] : [`${cell} (want 403)`]
    if (call.probed) return status === 400 && code === 'request.invalid' ? [] : [`${cell} (want 400)`]
    const gated =
      status === 401 ||
      status === 403 ||
      status >= 500 ||
      (status === 404 && code === outsiderCode(call.route))
    return gated ? [`${cell} (want past the gate)`] : []
  })
}

/** The organization's partition once background work from the seeding has settled (two equal reads). */
async function settledState(orgId: string): Promise<string> {
  let last = await orgState(orgId)
  const until = Date.now() + 15_000
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300))
    const now = await orgState(orgId)
    if (now === last || Date.now() > until) return now
    last = now
  }
}

describe('the route-by-role matrix', () => {
  let world: World
  beforeAll(async () => {
    world = await seedWorld()
  }, 60_000)

  it('has a fixture for every route a member calls for an organization, and covers each permission', () => {
    const missing = MATRIX_ROUTES.filter((route) => !(route.id in FIXTURES)).map((route) => route.id)
    expect(missing, 'add these routes to FIXTURES in role-matrix-fixtures.ts').toEqual([])
    expect(MATRIX_ROUTES.length).toBeGreaterThan(100)
  })

  it('refuses every role the table refuses (403) and every outsider (404), changing nothing', async () => {
    const calls = MATRIX_ROUTES.flatMap((route) =>
      CALLERS.map((caller) => callOf(route, caller, world)).filter((call) => verdictOf(call) !== 'allowed'),
    )
    expect(calls.filter((call) => call.caller !== 'OUTSIDER').length).toBeGreaterThan(30)
    const before = await settledState(world.orgId)
    const outcomes = await runAll(world, calls)
    expect(wrong(outcomes)).toEqual([])
    expect(await orgState(world.orgId)).toBe(before)
  }, 60_000)

  it('lets every role the table allows past the gate', async () => {
    const calls = MATRIX_ROUTES.flatMap((route) =>
      CALLERS.map((caller) => callOf(route, caller, world)).filter((call) => verdictOf(call) === 'allowed'),
    )
    const [last, now] = [
      calls.filter((call) => FIXTURES[call.route.id]?.real === 'last'),
      calls.filter((call) => FIXTURES[call.route.id]?.real !== 'last'),
    ]
    const outcomes = await runAll(world, now)
    // Leaving and deleting the organization end a membership: one at a time, the owner's deletion last.
    const order: Caller[] = ['MEMBER', 'ADMIN', 'OWNER']
    last.sort(
      (a, b) =>
        Number(a.route.id === 'deleteOrganization') - Number(b.route.id === 'deleteOrganization') ||
        order.indexOf(a.caller) - order.indexOf(b.caller),
    )
    for (const call of last) outcomes.push(await run(world, call))
    expect(wrong(outcomes)).toEqual([])
    expect(outcomes.filter((outcome) => outcome.call.probed).length).toBeGreaterThan(200)
  }, 90_000)
})
