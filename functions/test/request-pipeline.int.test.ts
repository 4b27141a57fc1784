/**
 * The request pipeline's rate limits and idempotency, against the real store (DynamoDB Local): a rate limit holds
 * across two separately built handlers and rolls over with its window; an idempotent route replays its first
 * answer, refuses another request under the same key, lets 20 concurrent duplicates create one campaign, and a
 * 5xx frees the key.
 */
import { randomUUID } from 'node:crypto'
import { type RouteEntry, type RouteId, routes } from '@app/contracts'
import { AppError } from '@app/core'
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda'
import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { endpointGroup } from '../src/middleware/endpoint-group'
import { httpEvent, lambdaContext, type TestHandler } from '../src/middleware/handler-testing'
import { idempotency } from '../src/middleware/steps/idempotency'
import { rateLimit } from '../src/middleware/steps/rate-limit'
import { campaignOrg } from './campaign-helpers'

interface Answer {
  status: number
  headers: Record<string, string>
  // biome-ignore lint/suspicious/noExplicitAny: bodies are checked field by field
  body: any
}

/**
 * A handler of its own (as another Lambda instance would build it) serving `probe` with `handle`; `clock` is the
 * instances' common time, so a window ends when the test says, however slow the machine.
 */
function instance(
  probe: RouteEntry,
  handle: (input: { body: unknown }) => Promise<unknown>,
  clock?: () => Date,
): TestHandler {
  return endpointGroup('docs', routes, { [probe.id]: handle } as never, {
    routes: [probe],
    rateLimit,
    idempotency,
    ...(clock ? { clock } : {}),
  }) as TestHandler
}

async function call(handler: TestHandler, event: APIGatewayProxyEventV2WithJWTAuthorizer): Promise<Answer> {
  // A context per invocation, as Lambda gives.
  const context = { ...lambdaContext, awsRequestId: randomUUID() } as Context
  const response = (await handler(event, context)) as { statusCode: number; headers?: object; body?: string }
  return {
    status: response.statusCode,
    headers: (response.headers ?? {}) as Record<string, string>,
    body: response.body ? JSON.parse(response.body) : undefined,
  }
}

const probeId = 'getOpenApi' as RouteId

describe('rate limits (route flag `rateLimit`)', () => {
  const probe = {
    id: probeId,
    method: 'GET',
    path: '/api/probe/rate',
    group: 'docs',
    summary: 'probe',
    auth: 'none',
    status: 200,
    rateLimit: { per: 'ip', limit: 3, windowSeconds: 60 },
  } as RouteEntry

  it('holds across two handler instances sharing the store, answers 429 with Retry-After, and rolls over', async () => {
    let now = Date.now()
    const clock = () => new Date(now)
    const a = instance(probe, async () => ({ ok: true }), clock)
    const b = instance(probe, async () => ({ ok: true }), clock)
    const address = `198.51.100.${Math.floor(Math.random() * 250)}-${ulid()}`
    const event = () => {
      const built = httpEvent('GET /api/probe/rate')
      built.requestContext.http.sourceIp = address
      return built
    }
    const statuses = async (handlers: TestHandler[]) => {
      const answers: Answer[] = []
      for (const handler of handlers) answers.push(await call(handler, event()))
      return answers
    }
    const first = await statuses([a, b, a])
    now += 20_000
    first.push(...(await statuses([b, a])))
    expect(first.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429])
    const refused = first[3] as Answer
    expect(refused.body.error).toMatchObject({ code: 'rate.limited' })
    expect(refused.body.error.message).toMatch(/at most 3 every 60 seconds/)
    // The window opened by the first call ends 60 s after it: 40 s from now.
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBe(40)
    // Another address has a window of its own.
    const other = httpEvent('GET /api/probe/rate')
    other.requestContext.http.sourceIp = `${address}-other`
    expect((await call(b, other)).status).toBe(200)
    // A third instance, built after the fact, counts in the same window: the store is the one state.
    const c = instance(probe, async () => ({ ok: true }), clock)
    expect((await call(c, event())).status).toBe(429)

    now += retryAfter * 1000
    const next = await statuses([b, a, b, a])
    expect(next.map((answer) => answer.status)).toEqual([200, 200, 200, 429])
  })

  it('counts per caller: one signed-in caller past its limit does not hold back another', async () => {
    const perCaller = {
      ...probe,
      path: '/api/probe/caller',
      auth: 'user',
      allowSuspended: true,
      rateLimit: { per: 'caller', limit: 1, windowSeconds: 60 },
    } as RouteEntry
    const a = instance(perCaller, async () => ({ ok: true }))
    const b = instance(perCaller, async () => ({ ok: true }))
    const [ada, bob] = [claims(), claims()]
    const get = (who: Record<string, string>) => httpEvent('GET /api/probe/caller', { claims: who })
    expect((await call(a, get(ada))).status).toBe(200)
    expect((await call(b, get(ada))).status).toBe(429)
    expect((await call(b, get(bob))).status).toBe(200)
  })
})

function claims(): Record<string, string> {
  const sub = randomUUID()
  return {
    sub,
    email: `${sub}@example.com`,
    email_verified: 'true',
    'cognito:username': sub,
    token_use: 'id',
  }
}

describe('idempotent routes (route flag `idempotent`)', () => {
  const probe = {
    id: probeId,
    method: 'POST',
    path: '/api/probe/things',
    group: 'docs',
    summary: 'probe',
    auth: 'user',
    allowSuspended: true,
    body: z.object({ name: z.string() }).strict(),
    status: 201,
    idempotent: true,
  } as RouteEntry

  const post = (who: Record<string, string>, body: unknown, key?: string) =>
    httpEvent('POST /api/probe/things', {
      claims: who,
      body: JSON.stringify(body),
      ...(key === undefined
        ? {}
        : { headers: { 'content-type': 'application/json', 'Idempotency-Key': key } }),
    })

  it('frees the key on a 5xx, so a retry with the same key runs again', async () => {
    let runs = 0
    const handler = instance(probe, async () => {
      runs += 1
      if (runs === 1) throw new Error('the database was away')
      return { run: runs }
    })
    const who = claims()
    const key = randomUUID()
    const failed = await call(handler, post(who, { name: 'A' }, key))
    expect(failed.status).toBe(500)
    const retried = await call(handler, post(who, { name: 'A' }, key))
    expect(retried).toMatchObject({ status: 201, body: { run: 2 } })
    expect(retried.headers['idempotent-replayed']).toBeUndefined()
    const replayed = await call(handler, post(who, { name: 'A' }, key))
    expect(replayed).toMatchObject({ status: 201, body: { run: 2 } })
    expect(replayed.headers['idempotent-replayed']).toBe('true')
    expect(runs).toBe(2)
  })

  it('stores a final 4xx as the answer, validates the header, and runs every call sent without a key', async () => {
    let runs = 0
    const handler = instance(probe, async () => {
      runs += 1
      throw new AppError('template.not_found', 'No such template.')
    })
    const who = claims()
    const key = randomUUID()
    expect((await call(handler, post(who, { name: 'A' }, key))).status).toBe(404)
    const again = await call(handler, post(who, { name: 'A' }, key))
    expect(again).toMatchObject({ status: 404, body: { error: { code: 'template.not_found' } } })
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(runs).toBe(1)

    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'é']) {
      const refused = await call(handler, post(who, { name: 'A' }, bad))
      expect(refused.status, JSON.stringify(bad)).toBe(400)
      expect(refused.body.error).toMatchObject({ code: 'request.invalid' })
      expect(refused.body.error.message).toMatch(/^headers\.Idempotency-Key: /)
    }
    expect(runs).toBe(1)
    await call(handler, post(who, { name: 'A' }))
    await call(handler, post(who, { name: 'A' }))
    expect(runs).toBe(3)
  })
})

describe('an idempotent route of the API: POST /api/campaigns', () => {
  it('replays its first answer, refuses another body under the key, and 20 concurrent duplicates create one campaign', {
    timeout: 120_000,
  }, async () => {
    const setup = await campaignOrg('TEAM_MONTHLY', { events: false })
    const create = (name: string, key: string) =>
      setup.owner.api.request('POST', `/api/campaigns?${setup.q}`, {
        body: { name },
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
      })
    const list = async () => (await setup.owner.api.get(`/api/campaigns?${setup.oq}`)).body

    const key = randomUUID()
    const first = await create('Spring sale', key)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const replay = await create('Spring sale', key)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    const reused = await create('Summer sale', key)
    expect(reused.status).toBe(422)
    expect(reused.body.error.code).toBe('idempotency.key_reused')
    expect((await list()).items).toHaveLength(1)

    const burstKey = randomUUID()
    const answers = await Promise.all(Array.from({ length: 20 }, () => create('Autumn sale', burstKey)))
    const created = answers.filter((answer) => answer.status === 201)
    const inProgress = answers.filter((answer) => answer.status === 409)
    expect(created.length + inProgress.length, JSON.stringify(answers.map((a) => a.body))).toBe(20)
    for (const answer of inProgress) expect(answer.body.error.code).toBe('idempotency.in_progress')
    expect(created.filter((answer) => answer.headers.get('idempotent-replayed') === null)).toHaveLength(1)
    expect(new Set(created.map((answer) => answer.body.id)).size).toBe(1)
    // Once the first has answered, every retry gets its answer.
    const later = await create('Autumn sale', burstKey)
    expect(later.status).toBe(201)
    expect(later.body.id).toBe(created[0]?.body.id)

    const campaigns = await list()
    expect(campaigns.items).toHaveLength(2)
    expect(campaigns.items.map((item: { name: string }) => item.name).sort()).toEqual([
      'Autumn sale',
      'Spring sale',
    ])
  })
})
