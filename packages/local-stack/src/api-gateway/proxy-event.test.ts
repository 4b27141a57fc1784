import { describe, expect, it } from 'vitest'
import { buildProxyEvent, formatRequestTime, type GatewayRequest } from './proxy-event'

const request = (overrides: Partial<GatewayRequest> = {}): GatewayRequest => ({
  method: 'POST',
  url: '/api/things/abc?b=1&b=2&q=a%2Bb',
  headers: {
    host: ['localhost:3001'],
    'content-type': ['application/json'],
    'user-agent': ['test'],
    cookie: ['a=1; b=2'],
    accept: ['text/html', 'application/json'],
  },
  body: Buffer.from('{"x":1}'),
  sourceIp: '127.0.0.1',
  protocol: 'HTTP/1.1',
  requestId: 'abc=',
  receivedAt: new Date(Date.UTC(2026, 2, 5, 9, 4, 7)),
  ...overrides,
})
const route = { routeKey: 'POST /api/things/{id}', pathParameters: { id: 'abc' } }

describe('buildProxyEvent', () => {
  it('builds a payload-format-2.0 event', () => {
    const event = buildProxyEvent(request(), route, { sub: 'user-1', email_verified: 'true' })
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/things/{id}',
      rawPath: '/api/things/abc',
      rawQueryString: 'b=1&b=2&q=a%2Bb',
      cookies: ['a=1', 'b=2'],
      queryStringParameters: { b: '1,2', q: 'a+b' },
      pathParameters: { id: 'abc' },
      body: '{"x":1}',
      isBase64Encoded: false,
      requestContext: {
        accountId: '123456789012',
        apiId: 'local',
        domainName: 'localhost:3001',
        domainPrefix: 'localhost',
        http: {
          method: 'POST',
          path: '/api/things/abc',
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'test',
        },
        requestId: 'abc=',
        routeKey: 'POST /api/things/{id}',
        stage: '$default',
        time: '05/Mar/2026:09:04:07 +0000',
        timeEpoch: Date.UTC(2026, 2, 5, 9, 4, 7),
        authorizer: { jwt: { claims: { sub: 'user-1', email_verified: 'true' }, scopes: null } },
      },
    })
    expect(event.headers.accept).toBe('text/html,application/json')
    expect(event.headers).not.toHaveProperty('cookie')
    expect(event.headers['x-forwarded-for']).toBe('127.0.0.1')
    expect(event.headers['x-amzn-trace-id']).toMatch(/^Root=1-[0-9a-f]{8}-[0-9a-f]{24}$/)
  })

  it('leaves out what the request does not have', () => {
    const event = buildProxyEvent(
      request({ url: '/api/ping', headers: {}, body: Buffer.alloc(0), method: 'GET' }),
      { routeKey: 'GET /api/ping', pathParameters: {} },
    )
    for (const absent of ['cookies', 'queryStringParameters', 'pathParameters', 'body'])
      expect(event).not.toHaveProperty(absent)
    expect(event.requestContext).not.toHaveProperty('authorizer')
    expect(event.rawQueryString).toBe('')
  })

  it('base64-encodes bodies that are not text', () => {
    const bytes = Buffer.from([0, 159, 255])
    const event = buildProxyEvent(request({ headers: { 'content-type': ['image/png'] }, body: bytes }), route)
    expect(event.isBase64Encoded).toBe(true)
    expect(event.body).toBe(bytes.toString('base64'))
  })

  it('keeps text bodies as text, including +json and form types', () => {
    for (const type of ['text/csv', 'application/vnd.api+json', 'application/x-www-form-urlencoded'])
      expect(buildProxyEvent(request({ headers: { 'content-type': [type] } }), route).isBase64Encoded).toBe(
        false,
      )
  })
})

describe('formatRequestTime', () => {
  it('uses the CLF time format of API Gateway', () => {
    expect(formatRequestTime(new Date(Date.UTC(2020, 11, 31, 23, 59, 58)))).toBe('31/Dec/2020:23:59:58 +0000')
  })
})
