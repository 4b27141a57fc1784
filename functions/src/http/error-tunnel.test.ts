import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { httpEvent, lambdaContext, type TestHandler, useUnitEnvironment } from '../middleware/handler-testing'
import { envelopeTarget, parseDsn } from './error-tunnel-envelope'

const DSN = 'https://abc123@o42.ingest.sentry.io/4501'
const envelope = (dsn: string) =>
  `${JSON.stringify({ event_id: 'e1', dsn, sent_at: '2026-01-01T00:00:00Z' })}\n{"type":"event"}\n{}`

describe('envelopeTarget', () => {
  it('forwards only envelopes for the configured project, to its envelope endpoint', () => {
    expect(envelopeTarget(envelope(DSN), DSN)).toBe('https://o42.ingest.sentry.io/api/4501/envelope/')
    expect(
      envelopeTarget(envelope('https://k@sentry.example.com/sub/7'), 'https://k@sentry.example.com/sub/7'),
    ).toBe('https://sentry.example.com/sub/api/7/envelope/')
  })

  it.each([
    ['another host', 'https://abc123@evil.example/4501'],
    ['another project', 'https://abc123@o42.ingest.sentry.io/9999'],
    ['another key', 'https://zzz@o42.ingest.sentry.io/4501'],
    ['no DSN', ''],
  ])('refuses %s', (_, dsn) => {
    expect(() => envelopeTarget(envelope(dsn), DSN)).toThrow(
      expect.objectContaining({ code: 'request.invalid' }),
    )
  })

  it('refuses a body that is not an envelope', () => {
    expect(() => envelopeTarget('hello', DSN)).toThrow(expect.objectContaining({ code: 'request.invalid' }))
  })

  it('parses DSNs strictly', () => {
    expect(parseDsn('http://k@host/1')).toBeUndefined()
    expect(parseDsn('https://host/1')).toBeUndefined()
    expect(parseDsn(DSN)).toMatchObject({ publicKey: 'abc123', projectId: '4501' })
  })
})

let handler: TestHandler

function post(body: string, contentType = 'text/plain;charset=UTF-8') {
  return handler(
    httpEvent('POST /monitoring', { body, headers: { 'content-type': contentType } }),
    lambdaContext,
  ) as Promise<{
    statusCode: number
    body?: string
  }>
}

describe('POST /monitoring (raw-body route)', () => {
  beforeAll(async () => {
    useUnitEnvironment({ SENTRY_DSN: DSN })
    handler = (await import('./error-tunnel')).handler as TestHandler
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('forwards the envelope text unchanged and answers 204', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    const body = envelope(DSN)
    const response = await post(body)
    expect(response.statusCode).toBe(204)
    expect(fetchMock).toHaveBeenCalledWith(
      'https://o42.ingest.sentry.io/api/4501/envelope/',
      expect.objectContaining({ method: 'POST', body }),
    )
  })

  it('refuses an envelope for another project without calling out', async () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    const response = await post(envelope('https://abc123@evil.example/4501'))
    expect(response.statusCode).toBe(400)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('answers 415 for JSON and other content types', async () => {
    const response = await post(envelope(DSN), 'application/json')
    expect(response.statusCode).toBe(415)
    expect(JSON.parse(response.body ?? '{}').error.code).toBe('request.unsupported_media_type')
  })
})
