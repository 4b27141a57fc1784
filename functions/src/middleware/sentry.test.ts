import { routes } from '@app/contracts'
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { httpEvent, lambdaContext, type TestHandler, useUnitEnvironment } from './handler-testing'

/** The Sentry SDK is the edge here: its init options and what it is asked to capture are recorded. */
const sentry = vi.hoisted(() => ({
  options: undefined as Record<string, unknown> | undefined,
  captured: [] as { error: unknown; hint: { extra: Record<string, unknown> } }[],
}))
vi.mock('@sentry/aws-serverless', () => ({
  init: (options: Record<string, unknown>) => {
    sentry.options = options
  },
  captureException: (error: unknown, hint: { extra: Record<string, unknown> }) => {
    sentry.captured.push({ error, hint })
  },
  flush: async () => true,
}))

const SECRET = 'inv-s3cr3t'
const lines: string[] = []
let failing: TestHandler
let docs: TestHandler
let requestPath: typeof import('./sentry').requestPath
let scrubSentryEvent: typeof import('./sentry').scrubSentryEvent
let scrubSentryBreadcrumb: typeof import('./sentry').scrubSentryBreadcrumb

beforeAll(async () => {
  useUnitEnvironment({ LOG_LEVEL: 'info', SENTRY_DSN: 'https://k@o1.ingest.sentry.io/2' })
  // Whatever writes the JSON lines (console or the stream beneath it), every line is read back.
  const record = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '))
    return true
  }
  vi.spyOn(console, 'log').mockImplementation(record)
  vi.spyOn(console, 'error').mockImplementation(record)
  vi.spyOn(process.stdout, 'write').mockImplementation(record)
  vi.spyOn(process.stderr, 'write').mockImplementation(record)
  ;({ requestPath, scrubSentryEvent, scrubSentryBreadcrumb } = await import('./sentry'))
  const { endpointGroup } = await import('./endpoint-group')
  failing = endpointGroup('docs', routes, {
    getOpenApi: async () => {
      throw new Error('unexpected')
    },
  }) as TestHandler
  docs = (await import('../http/docs')).handler as TestHandler
})

afterAll(() => vi.restoreAllMocks())

function withQuery(query: string): APIGatewayProxyEventV2WithJWTAuthorizer {
  return { ...httpEvent('GET /api/openapi.json'), rawQueryString: query }
}

describe('request paths in logs and Sentry', () => {
  it('keeps the path and ordinary parameters, filters secret values', () => {
    expect(requestPath(withQuery(`token=${SECRET}&page=2&sig=abc`))).toBe(
      '/api/openapi.json?token=[Filtered]&page=2&sig=[Filtered]',
    )
    expect(requestPath(withQuery(''))).toBe('/api/openapi.json')
  })

  it('logs each request with its path, without the secret', async () => {
    lines.length = 0
    await docs(withQuery(`token=${SECRET}&page=2`), lambdaContext)
    const request = lines.find((line) => line.includes('"msg":"request"'))
    expect(request).toContain('"path":"/api/openapi.json?token=[Filtered]&page=2"')
    expect(lines.join('\n')).not.toContain(SECRET)
  })

  it('reports an unexpected failure to Sentry and the log with the scrubbed path', async () => {
    lines.length = 0
    sentry.captured.length = 0
    const response = (await failing(withQuery(`code=${SECRET}`), lambdaContext)) as { statusCode: number }
    expect(response.statusCode).toBe(500)
    expect(sentry.captured[0]?.hint.extra).toEqual({
      routeKey: 'GET /api/openapi.json',
      path: '/api/openapi.json?code=[Filtered]',
    })
    expect(lines.some((line) => line.includes('"msg":"request.failed"'))).toBe(true)
    expect(lines.join('\n')).not.toContain(SECRET)
  })

  it('passes every Sentry event and breadcrumb through the scrubber', async () => {
    expect(sentry.options).toMatchObject({
      beforeSend: scrubSentryEvent,
      beforeBreadcrumb: scrubSentryBreadcrumb,
    })
    const event = scrubSentryEvent({
      type: undefined,
      request: {
        url: `https://api.example.com/api/x?token=${SECRET}&a=1`,
        query_string: `token=${SECRET}&a=1`,
      },
      breadcrumbs: [
        {
          category: 'http',
          data: { method: 'GET', url: `https://s3.amazonaws.com/b/k?X-Amz-Signature=${SECRET}` },
        },
      ],
      extra: { path: `/api/x?key=${SECRET}` },
    })
    expect(JSON.stringify(event)).not.toContain(SECRET)
    expect(event.request?.url).toBe('https://api.example.com/api/x?token=[Filtered]&a=1')
    expect(event.request?.query_string).toBe('token=[Filtered]&a=1')
    expect(event.breadcrumbs?.[0]?.data).toEqual({
      method: 'GET',
      url: 'https://s3.amazonaws.com/b/k?X-Amz-Signature=[Filtered]',
    })
  })
})
