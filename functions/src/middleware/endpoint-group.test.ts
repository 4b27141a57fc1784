import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda'
import { beforeAll, describe, expect, it } from 'vitest'
import { httpEvent, lambdaContext, type TestHandler, useUnitEnvironment } from './handler-testing'

let account: TestHandler
let docs: TestHandler

beforeAll(async () => {
  useUnitEnvironment()
  account = (await import('../http/account')).handler as TestHandler
  docs = (await import('../http/docs')).handler as TestHandler
})

const context = lambdaContext
const event = httpEvent

const claims = {
  sub: '7d7f0a52-8c1e-4c1a-9a51-1d2b3c4d5e6f',
  email: 'ada@example.com',
  email_verified: 'false',
  'cognito:username': 'ada',
  token_use: 'id',
}

async function call(handler: TestHandler, e: APIGatewayProxyEventV2WithJWTAuthorizer) {
  const response = (await handler(e, context)) as { statusCode: number; body?: string }
  return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : undefined }
}

describe('endpoint group middleware', () => {
  it('serves a public route without claims', async () => {
    const { status, body } = await call(docs, event('GET /api/openapi.json'))
    expect(status).toBe(200)
    expect(body.openapi).toBe('3.1.0')
  })

  it('answers malformed JSON with 400 request.invalid_json', async () => {
    const { status, body } = await call(account, event('POST /api/account', { body: '{"email":', claims }))
    expect(status).toBe(400)
    expect(body.error.code).toBe('request.invalid_json')
  })

  it('answers a non-JSON content type with 415', async () => {
    const { status, body } = await call(
      account,
      event('POST /api/account', { body: 'email=a', headers: { 'content-type': 'text/plain' }, claims }),
    )
    expect(status).toBe(415)
    expect(body.error.code).toBe('request.unsupported_media_type')
  })

  it('refuses unknown fields and wrong types with the field named', async () => {
    const unknown = await call(
      account,
      event('POST /api/account', { body: '{"email":"ada@example.com","x":1}', claims }),
    )
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.code).toBe('request.invalid')
    const wrongType = await call(account, event('POST /api/account', { body: '{"email":42}', claims }))
    expect(wrongType.body.error.message).toMatch(/^body\.email/)
  })

  it('refuses prototype-polluting keys', async () => {
    const { status } = await call(
      account,
      event('POST /api/account', { body: '{"__proto__":{"x":1}}', claims }),
    )
    expect(status).toBeGreaterThanOrEqual(400)
    expect(status).toBeLessThan(500)
  })

  it('answers an oversized body with 413 before parsing it', async () => {
    const big = JSON.stringify({ email: `${'a'.repeat(70_000)}@example.com` })
    const { status, body } = await call(account, event('POST /api/account', { body: big, claims }))
    expect(status).toBe(413)
    expect(body.error.code).toBe('request.too_large')
  })

  it('answers 401 when the authorizer passed no ID-token claims', async () => {
    const { status, body } = await call(account, event('GET /api/account'))
    expect(status).toBe(401)
    expect(body.error.code).toBe('auth.unauthorized')
    const accessToken = await call(
      account,
      event('GET /api/account', { claims: { ...claims, token_use: 'access' } }),
    )
    expect(accessToken.status).toBe(401)
  })

  it('answers 404 route.not_found for a route of another group', async () => {
    const { status, body } = await call(account, event('GET /api/nothing', { claims }))
    expect(status).toBe(404)
    expect(body.error.code).toBe('route.not_found')
  })

  it('refuses to build a group whose rate-limited or idempotent route lacks its step', async () => {
    const { endpointGroup } = await import('./endpoint-group')
    const { routes } = await import('@app/contracts')
    const probe = { ...routes.createContact, id: 'createContact', idempotent: true } as const
    expect(() => endpointGroup('contacts', routes, {} as never, { routes: [probe] })).toThrow(
      /createContact: give its group the rateLimit \/ idempotency step/,
    )
    const limited = {
      ...routes.getOpenApi,
      id: 'getOpenApi',
      rateLimit: { per: 'ip', limit: 1, windowSeconds: 1 },
    }
    expect(() => endpointGroup('docs', routes, {} as never, { routes: [limited as never] })).toThrow(
      /getOpenApi/,
    )
  })

  it('refuses a body on a call that takes none', async () => {
    const { status, body } = await call(
      account,
      event('DELETE /api/account', { body: '{"force":true}', claims }),
    )
    expect(status).toBe(400)
    expect(body.error.code).toBe('request.invalid')
  })
})
