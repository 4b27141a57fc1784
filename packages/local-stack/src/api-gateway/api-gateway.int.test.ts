import { fileURLToPath } from 'node:url'
import { GATEWAY_MAX_BODY_BYTES } from '@app/contracts'
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda'
import { generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../testing/api-client'
import { signUp, type TestUser } from '../testing/cognito-users'
import { injectLocalStack } from '../testing/inject-local-stack'
import { mintIdToken, tamperWithToken } from '../testing/local-tokens'
import { type ApiGateway, type GatewayRoute, startApiGateway } from './api-gateway'

const stack = injectLocalStack()
const FIXTURES = fileURLToPath(new URL('../testing/fixtures/functions', import.meta.url))
const ROUTES: GatewayRoute[] = [
  { method: 'GET', path: '/api/echo/{id}', group: 'echo', auth: 'user' },
  { method: 'POST', path: '/api/echo/{id}', group: 'echo', auth: 'user' },
  { method: 'GET', path: '/api/public/echo', group: 'echo', auth: 'none' },
  { method: 'POST', path: '/api/public/echo', group: 'echo', auth: 'none' },
]

interface Echo {
  event: APIGatewayProxyEventV2WithJWTAuthorizer
  context: { functionName: string; awsRequestId: string; remainingMs: number }
}

let gateway: ApiGateway
let user: TestUser

beforeAll(async () => {
  gateway = await startApiGateway({
    port: 0,
    routes: ROUTES,
    functionsDir: FIXTURES,
    authorizer: { issuer: stack.cognitoIssuer, audience: [stack.userPoolClientId], jwksUri: stack.jwksUrl },
    appOrigin: stack.appUrl,
    functionNamePrefix: 'test',
    log: () => {},
  })
  user = await signUp(stack)
})
afterAll(() => gateway?.stop())

const errorCode = async (response: Response) =>
  ((await response.json()) as { error: { code: string } }).error.code
const call = (path: string, init: RequestInit = {}) => fetch(`${gateway.url}${path}`, init)
const withToken = (token: string, init: RequestInit = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: token },
})

describe('routing', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api/echo/1/'],
    ['GET', '/api/echo/'],
  ])('answers %s %s with 404 route.not_found', async (method, path) => {
    const response = await call(path, withToken(user.idToken, { method }))
    expect(response.status).toBe(404)
    expect(await errorCode(response)).toBe('route.not_found')
  })

  it('answers a known path asked with another method with 405 and Allow', async () => {
    const response = await call('/api/echo/1', withToken(user.idToken, { method: 'DELETE' }))
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toMatch(/^[A-Z, ]+$/)
    expect(response.headers.get('allow')).not.toContain('DELETE')
    expect(await errorCode(response)).toBe('route.method_not_allowed')
  })

  it('refuses a body over the API Gateway limit with 413 before calling the function', async () => {
    const response = await call('/api/public/echo', {
      method: 'POST',
      body: new Uint8Array(GATEWAY_MAX_BODY_BYTES + 1),
    })
    expect(response.status).toBe(413)
    expect(await errorCode(response)).toBe('request.too_large')
  })

  it('answers a CORS preflight from the app origin only', async () => {
    const preflight = (origin: string) =>
      call('/api/echo/1', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      })
    const allowed = await preflight(stack.appUrl)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(stack.appUrl)
    expect(allowed.headers.get('access-control-allow-headers')).toBe('authorization')
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('JWT authorizer', () => {
  const expectUnauthorized = async (response: Response) => {
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/)
    expect(await errorCode(response)).toBe('auth.unauthorized')
  }

  it('refuses a request without a token', async () => {
    await expectUnauthorized(await call('/api/echo/1'))
  })

  it('accepts a real ID token, with or without the Bearer prefix', async () => {
    expect((await call('/api/echo/1', withToken(user.idToken))).status).toBe(200)
    expect((await call('/api/echo/1', withToken(`Bearer ${user.idToken}`))).status).toBe(200)
  })

  it('accepts an access token through its client_id, as the HTTP API authorizer does', async () => {
    expect((await call('/api/echo/1', withToken(user.accessToken))).status).toBe(200)
  })

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000)
    await expectUnauthorized(
      await call('/api/echo/1', withToken(await mintIdToken(stack, { iat: now - 7200, exp: now - 60 }))),
    )
  })

  it('refuses a tampered token', async () => {
    await expectUnauthorized(
      await call('/api/echo/1', withToken(tamperWithToken(user.idToken, { sub: 'someone-else' }))),
    )
  })

  it('refuses a token for another client', async () => {
    await expectUnauthorized(
      await call('/api/echo/1', withToken(await mintIdToken(stack, { aud: 'another-client' }))),
    )
  })

  it('refuses a token from another issuer', async () => {
    const token = await mintIdToken(stack, { iss: 'http://localhost:1/local_other' })
    await expectUnauthorized(await call('/api/echo/1', withToken(token)))
  })

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256')
    const token = await new SignJWT({
      token_use: 'id',
      aud: stack.userPoolClientId,
      iss: stack.cognitoIssuer,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey)
    await expectUnauthorized(await call('/api/echo/1', withToken(token)))
  })

  it('lets a public route through without a token', async () => {
    const response = await call('/api/public/echo')
    expect(response.status).toBe(200)
    const { event } = (await response.json()) as Echo
    expect(event.requestContext).not.toHaveProperty('authorizer')
  })
})

describe('payload format 2.0 event', () => {
  it('carries the request the way API Gateway does', async () => {
    const response = await call(
      '/api/echo/a%20b?x=1&x=2&y=hello%20world',
      withToken(user.idToken, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'c1=v1; c2=v2', 'X-Custom': 'Yes' },
        body: JSON.stringify({ hello: 'world' }),
      }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('x-echo')).toBe('yes')
    expect(response.headers.get('apigw-requestid')).toBeTruthy()
    const { event, context } = (await response.json()) as Echo

    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/echo/{id}',
      rawPath: '/api/echo/a%20b',
      rawQueryString: 'x=1&x=2&y=hello%20world',
      cookies: ['c1=v1', 'c2=v2'],
      queryStringParameters: { x: '1,2', y: 'hello world' },
      pathParameters: { id: 'a b' },
      body: '{"hello":"world"}',
      isBase64Encoded: false,
    })
    expect(event.headers['x-custom']).toBe('Yes')
    expect(event.headers).not.toHaveProperty('cookie')
    expect(event.headers['x-forwarded-for']).toBeTruthy()
    expect(event.requestContext).toMatchObject({
      routeKey: 'POST /api/echo/{id}',
      stage: '$default',
      http: { method: 'POST', path: '/api/echo/a%20b', protocol: 'HTTP/1.1' },
    })
    expect(event.requestContext.time).toMatch(/^\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/)
    expect(event.requestContext.requestId).toBe(response.headers.get('apigw-requestid'))
    expect(event.requestContext.authorizer.jwt.scopes).toBeNull()
    const claims = event.requestContext.authorizer.jwt.claims
    expect(claims.sub).toBe(user.sub)
    expect(claims.email).toBe(user.email)
    expect(claims.email_verified).toBe('false')
    expect(claims.exp).toMatch(/^\d+$/)
    expect(claims.token_use).toBe('id')
    expect(context.functionName).toBe('test-echo')
    expect(context.awsRequestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(context.remainingMs).toBeGreaterThan(20_000)
  })

  it('base64-encodes a binary body', async () => {
    const response = await call('/api/public/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array([0, 1, 2, 255]),
    })
    const { event } = (await response.json()) as Echo
    expect(event.isBase64Encoded).toBe(true)
    expect(Buffer.from(event.body ?? '', 'base64')).toEqual(Buffer.from([0, 1, 2, 255]))
  })
})

describe('function results', () => {
  it('sends an object without statusCode as JSON with 200', async () => {
    const response = await call('/api/public/echo?mode=plain')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.json()).toEqual({ hello: 'world' })
  })

  it('sends a string result as the body', async () => {
    expect(await (await call('/api/public/echo?mode=string')).text()).toBe('just text')
  })

  it('decodes a base64 body and lower-cases header names', async () => {
    const response = await call('/api/public/echo?mode=binary')
    expect(response.headers.get('content-type')).toBe('application/octet-stream')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from([0, 1, 2, 255]))
  })

  it('turns cookies into Set-Cookie headers', async () => {
    const response = await call('/api/public/echo?mode=cookies')
    expect(response.status).toBe(201)
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; HttpOnly'])
  })

  it('answers 500 internal.error when the function throws', async () => {
    const response = await call('/api/public/echo?mode=throw')
    expect(response.status).toBe(500)
    expect(await errorCode(response)).toBe('internal.error')
  })
})

describe('the stack gateway with the real route table', () => {
  const api = apiClient(stack)

  it('serves the public OpenAPI document without a token', async () => {
    const response = await api.get<{ openapi: string }>('/api/openapi.json')
    expect(response.status).toBe(200)
    expect(response.body.openapi).toMatch(/^3\./)
  })

  it('refuses a protected route without a token and an unknown route with route.not_found', async () => {
    expect((await api.get('/api/account')).status).toBe(401)
    const unknown = await api.get<{ error: { code: string } }>('/api/unknown')
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('route.not_found')
  })

  it('runs the real account handler with the claims of a signed-up user', async () => {
    const client = apiClient(stack, user.idToken)
    const created = await client.post<{ email: string }>('/api/account', { email: user.email })
    expect(created.status).toBe(201)
    expect(created.body.email).toBe(user.email)
    expect((await client.get('/api/account')).status).toBe(200)
  })
})
