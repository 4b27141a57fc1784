import * as Sentry from '@sentry/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scrubBreadcrumb, scrubEvent, scrubRecordingEvent, scrubSpan } from './sentry-scrub'

/** What the SDK hands its transport, read back as JSON text: the secrets must be nowhere in it. */
const sent: string[] = []
let client: Sentry.BrowserClient

beforeAll(() => {
  // A real SDK client with the hooks monitoring.ts passes (see monitoring.test.ts); only the transport is ours.
  client = new Sentry.BrowserClient({
    dsn: 'https://k@o1.ingest.sentry.io/2',
    integrations: [],
    stackParser: Sentry.defaultStackParser,
    transport: () => ({
      send: async (envelope) => {
        sent.push(JSON.stringify(envelope))
        return {}
      },
      flush: async () => true,
    }),
    beforeSend: scrubEvent,
    beforeBreadcrumb: scrubBreadcrumb,
  })
  Sentry.setCurrentClient(client)
  client.init()
})

afterAll(() => client.close())

const SECRETS = [
  'inv-s3cr3t',
  'sig-s3cr3t',
  'code-s3cr3t',
  'hash-s3cr3t',
  'key-s3cr3t',
  'ref-s3cr3t',
  'amz-s3cr3t',
]

describe('Sentry events leave the browser without secrets in addresses', () => {
  it('filters the request URL, query string, referrer and navigation / fetch / xhr breadcrumbs', async () => {
    Sentry.addBreadcrumb({
      category: 'navigation',
      data: { from: '/app/templates', to: '/join?token=inv-s3cr3t&org=org_1' },
    })
    Sentry.addBreadcrumb({
      category: 'fetch',
      type: 'http',
      data: { method: 'GET', url: 'https://s3.example.com/f?X-Amz-Signature=amz-s3cr3t', status_code: 200 },
    })
    Sentry.addBreadcrumb({
      category: 'xhr',
      type: 'http',
      data: { method: 'POST', url: '/api/x?key=key-s3cr3t' },
    })
    Sentry.captureEvent({
      message: 'boom',
      request: {
        url: 'https://app.example.com/unsubscribe?c=1&sig=sig-s3cr3t#token=hash-s3cr3t',
        query_string: 'c=1&code=code-s3cr3t',
        headers: { Referer: 'https://app.example.com/auth/verify-email#token=ref-s3cr3t' },
      },
    })
    await client.flush(1000)
    const envelope = sent.join('\n')
    expect(envelope).toContain('boom')
    for (const secret of SECRETS) expect(envelope).not.toContain(secret)
    expect(envelope).toContain('/join?token=[Filtered]&org=org_1')
    expect(envelope).toContain('/unsubscribe?c=1&sig=[Filtered]#token=[Filtered]')
    expect(envelope).toContain('c=1&code=[Filtered]')
    expect(envelope).toContain('/f?X-Amz-Signature=[Filtered]')
  })
})

describe('spans (streamed by the SDK)', () => {
  it('filters the span name and its URL attributes', () => {
    const span = scrubSpan({
      trace_id: 'a'.repeat(32),
      span_id: 'b'.repeat(16),
      name: 'GET /api/x?code=code-s3cr3t',
      start_timestamp: 1,
      end_timestamp: 2,
      status: 'ok',
      is_segment: false,
      attributes: {
        'http.method': 'GET',
        'http.query': '?key=key-s3cr3t',
        'http.fragment': '#token=hash-s3cr3t',
        'url.full': 'https://a.b/c?X-Amz-Signature=amz-s3cr3t&page=2',
        'http.response.status_code': 200,
      },
    })
    const sentSpan = JSON.stringify(span)
    for (const secret of SECRETS) expect(sentSpan).not.toContain(secret)
    expect(span.name).toBe('GET /api/x?code=[Filtered]')
    expect(span.attributes).toMatchObject({
      'http.method': 'GET',
      'url.full': 'https://a.b/c?X-Amz-Signature=[Filtered]&page=2',
      'http.response.status_code': 200,
    })
  })
})

describe('replays', () => {
  it('filters the visited addresses of a replay event', () => {
    const event = scrubEvent({
      type: 'replay_event',
      urls: ['https://a.b/join?token=inv-s3cr3t', '/app'],
    } as never)
    expect((event as { urls: string[] }).urls).toEqual(['https://a.b/join?token=[Filtered]', '/app'])
  })

  it('filters the page address, navigation and network spans and breadcrumbs of recording events', () => {
    expect(
      scrubRecordingEvent({ type: 4, data: { href: 'https://a.b/auth/verify-email#token=hash-s3cr3t' } }),
    ).toEqual({
      type: 4,
      data: { href: 'https://a.b/auth/verify-email#token=[Filtered]' },
    })
    const navigation = scrubRecordingEvent({
      type: 5,
      data: {
        tag: 'performanceSpan',
        payload: {
          op: 'navigation.push',
          description: '/join?token=inv-s3cr3t',
          data: { previous: '/x?sig=sig-s3cr3t' },
        },
      },
    })
    const network = scrubRecordingEvent({
      type: 5,
      data: {
        tag: 'performanceSpan',
        payload: {
          op: 'resource.fetch',
          description: 'https://a.b/f?X-Amz-Signature=amz-s3cr3t',
          data: { method: 'GET' },
        },
      },
    })
    const breadcrumb = scrubRecordingEvent({
      type: 5,
      data: { tag: 'breadcrumb', payload: { category: 'navigation', data: { to: '/x?code=code-s3cr3t' } } },
    })
    const recorded = JSON.stringify([navigation, network, breadcrumb])
    for (const secret of SECRETS) expect(recorded).not.toContain(secret)
    expect(recorded).toContain('/join?token=[Filtered]')
    expect(recorded).toContain('"method":"GET"')
  })

  it('leaves DOM snapshots and other events untouched', () => {
    const snapshot = { type: 2, data: { node: { id: 1 } } }
    expect(scrubRecordingEvent(snapshot)).toBe(snapshot)
  })
})
