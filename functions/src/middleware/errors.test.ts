import type { RouteEntry } from '@app/contracts'
import { routes } from '@app/contracts'
import { AppError } from '@app/core'
import { beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'
import { httpEvent, lambdaContext, type TestHandler, useUnitEnvironment } from './handler-testing'

let endpointGroup: typeof import('./endpoint-group').endpointGroup
let toErrorResponse: typeof import('./errors').toErrorResponse

beforeAll(async () => {
  useUnitEnvironment()
  ;({ endpointGroup } = await import('./endpoint-group'))
  ;({ toErrorResponse } = await import('./errors'))
})

const CoreInputSchema = z.object({ settings: z.object({ limit: z.number().int().max(10) }) }).strict()

/** The real middleware serving one open route whose handler runs a schema the way core might. */
function probe(run: () => unknown, auth: RouteEntry['auth'] = 'none'): TestHandler {
  const route = {
    id: 'getOpenApi',
    method: 'GET',
    path: '/api/probe',
    group: 'docs',
    summary: 'probe',
    auth,
    status: 200,
  }
  return endpointGroup('docs', routes, { getOpenApi: async () => run() } as never, {
    routes: [route as unknown as RouteEntry],
  }) as TestHandler
}

async function call(handler: TestHandler) {
  const response = (await handler(httpEvent('GET /api/probe'), lambdaContext)) as {
    statusCode: number
    body: string
  }
  return { status: response.statusCode, body: JSON.parse(response.body) }
}

describe('errors raised in core', () => {
  it('answers a ZodError thrown in core with 400 request.invalid naming the field, not 500', async () => {
    const answer = await call(probe(() => CoreInputSchema.parse({ settings: { limit: 50 } })))
    expect(answer.status).toBe(400)
    expect(answer.body.error.code).toBe('request.invalid')
    expect(answer.body.error.message).toMatch(/^settings\.limit: /)
  })

  it('maps a ZodError without a path to the request as a whole', () => {
    const error = z.string().safeParse(42).error as z.ZodError
    const { response, unexpected } = toErrorResponse(error)
    expect(unexpected).toBe(false)
    expect(response.statusCode).toBe(400)
    expect(JSON.parse(String(response.body)).error.message).toMatch(/^request: /)
  })

  it('keeps AppErrors as they are and other errors a 500', async () => {
    expect((await call(probe(() => Promise.reject(new AppError('template.not_found', 'No.'))))).status).toBe(
      404,
    )
    const crash = await call(probe(() => Promise.reject(new Error('boom'))))
    expect(crash.status).toBe(500)
    expect(crash.body.error.code).toBe('internal.error')
  })

  it('says when to retry a rate limit: Retry-After in seconds', async () => {
    const { RateLimited } = await import('@app/core/platform/rate-limit')
    const { response } = toErrorResponse(new RateLimited('Slow down.', 42))
    expect(response.statusCode).toBe(429)
    expect(response.headers).toMatchObject({ 'retry-after': '42' })
    expect(JSON.parse(String(response.body))).toEqual({
      error: { code: 'rate.limited', message: 'Slow down.' },
    })
    expect(toErrorResponse(new AppError('rate.limited', 'Busy.')).response.headers).not.toHaveProperty(
      'retry-after',
    )
  })

  it('will not build a group whose route takes API keys without the key authenticator', () => {
    expect(() => probe(() => ({ ok: true }), 'apiKey')).toThrow(/takes API keys/)
  })
})
