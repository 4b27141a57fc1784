import { campaignProgress, EMPTY_CAMPAIGN_COUNTS, routes } from '@app/contracts'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { ApiError, type Client, createClient, paginate } from './index'
import { publicRoutes } from './public-routes'

const KEY = 'ssk_live_01JTESTKEY0000000000000000_secretsecretsecretsecretsecretsecretsec'
const CAMPAIGN_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV'

interface Sent {
  url: URL
  method: string
  headers: Headers
  body: unknown
}

/** A fetch answering from a list of responses (the last repeats), recording what it was asked. */
function fakeFetch(...answers: (() => Response)[]) {
  const sent: Sent[] = []
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: new URL(String(input)),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    })
    const answer = answers[Math.min(sent.length, answers.length) - 1]
    if (!answer) throw new Error('no answer')
    return answer()
  }
  return { fetch: fetch as typeof globalThis.fetch, sent }
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    })

/** A campaign as `GET /api/v1/campaigns/{id}` answers it (checked against the contract by the client). */
function publicCampaign(id: string) {
  const at = '2026-01-01T00:00:00.000Z'
  return {
    id,
    name: 'Launch',
    awsAccountId: CAMPAIGN_ID,
    sender: null,
    templateId: null,
    pinnedVersion: null,
    topicIds: [],
    missingVariables: { mode: 'skip' },
    schedule: null,
    status: 'DRAFT',
    pauseReason: null,
    waitingUntil: null,
    counts: EMPTY_CAMPAIGN_COUNTS,
    progress: campaignProgress(EMPTY_CAMPAIGN_COUNTS),
    version: 1,
    createdAt: at,
    updatedAt: at,
    startedAt: null,
    finishedAt: null,
  }
}

describe('createClient', () => {
  it('has one method per public API route of the contracts, named by its id', () => {
    const { fetch } = fakeFetch(json(200, {}))
    const api = createClient({ baseUrl: 'https://studio.example.com', apiKey: KEY, fetch })
    const ids = publicRoutes().map((route) => route.id)
    // Each public domain's routes, contacts and topics included, come from the table with no edit here.
    for (const id of ['listPublicCampaigns', 'sendPublicEmail', 'upsertPublicContacts', 'createPublicTopic'])
      expect(ids).toContain(id)
    expect(ids.every((id) => routes[id].path.startsWith('/api/v1/'))).toBe(true)
    expect(Object.keys(api).sort()).toEqual([...ids].sort())
    expect(Object.keys(api)).not.toContain('listCampaigns')
  })

  it('fills the path, encodes the query and sends the key, the user agent and JSON', async () => {
    const { fetch, sent } = fakeFetch(json(200, { items: [], nextCursor: null }))
    const api = createClient({ baseUrl: 'https://studio.example.com/ignored', apiKey: KEY, fetch })
    await api.listPublicCampaigns({ query: { limit: 20, q: 'spring & summer', cursor: undefined } })
    const [request] = sent
    expect(request?.method).toBe('GET')
    expect(request?.url.href.split('?')[0]).toBe('https://studio.example.com/api/v1/campaigns')
    expect(request?.url.search).toBe('?limit=20&q=spring+%26+summer')
    expect(request?.headers.get('authorization')).toBe(`Bearer ${KEY}`)
    expect(request?.headers.get('accept')).toBe('application/json')
    expect(request?.headers.get('user-agent')).toMatch(/^@ses-studio\/client\/\d+\.\d+\.\d+$/)
    expect(request?.headers.has('content-type')).toBe(false)
    expect(request?.headers.has('idempotency-key')).toBe(false)
  })

  it('posts the body as JSON with its Idempotency-Key, and encodes path parameters', async () => {
    const { fetch, sent } = fakeFetch(json(200, {}))
    const api = createClient({
      baseUrl: 'http://localhost:4510',
      apiKey: KEY,
      fetch,
      userAgent: 'sync-cli/1',
    })
    await api.sendPublicCampaign({ params: { id: 'a/b c' }, idempotencyKey: 'send-1' }).catch(() => null)
    await api
      .createPublicCampaign({
        body: {
          name: 'Launch',
          templateId: CAMPAIGN_ID,
          topicIds: [CAMPAIGN_ID],
          sender: { fromEmail: 'news@example.com' },
        } as never,
        idempotencyKey: 'create-1',
      })
      .catch(() => null)
    expect(sent[0]?.url.pathname).toBe('/api/v1/campaigns/a%2Fb%20c/send')
    expect(sent[0]?.headers.get('idempotency-key')).toBe('send-1')
    expect(sent[0]?.headers.get('user-agent')).toBe('sync-cli/1')
    expect(sent[0]?.body).toBeUndefined()
    expect(sent[1]?.method).toBe('POST')
    expect(sent[1]?.headers.get('content-type')).toBe('application/json')
    expect(sent[1]?.headers.get('idempotency-key')).toBe('create-1')
    expect(sent[1]?.body).toMatchObject({ name: 'Launch', topicIds: [CAMPAIGN_ID] })
  })

  it('resolves to the response parsed by the route’s schema, and refuses an answer outside the contract', async () => {
    const page = { items: [], nextCursor: 'next.cursor' }
    const ok = fakeFetch(json(200, page))
    const api = createClient({ baseUrl: 'https://studio.example.com', apiKey: KEY, fetch: ok.fetch })
    expect(await api.listPublicCampaigns()).toEqual(page)
    const odd = fakeFetch(json(200, { items: 'not a list' }))
    const broken = createClient({ baseUrl: 'https://studio.example.com', apiKey: KEY, fetch: odd.fetch })
    await expect(broken.listPublicCampaigns()).rejects.toMatchObject({
      code: 'response.invalid',
      status: 200,
    })
  })

  it('throws ApiError with the documented code and message, the request id and the error’s details', async () => {
    const { fetch } = fakeFetch(
      json(
        400,
        { error: { code: 'request.invalid', message: 'name: Required', issues: [{ message: 'x' }] } },
        { 'apigw-requestid': 'req-123' },
      ),
    )
    const api = createClient({ baseUrl: 'https://studio.example.com', apiKey: KEY, fetch })
    const error = await api.getPublicCampaign({ params: { id: CAMPAIGN_ID } }).catch((caught) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      code: 'request.invalid',
      message: 'name: Required',
      requestId: 'req-123',
      retryAfter: undefined,
      details: { issues: [{ message: 'x' }] },
    })
  })

  it('names an answer without an error body by its status, and an unreachable server status 0', async () => {
    const html = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }))
    const api = createClient({ baseUrl: 'https://studio.example.com', apiKey: KEY, fetch: html.fetch })
    await expect(api.listPublicCampaigns()).rejects.toMatchObject({ status: 502, code: 'internal.error' })
    const down = createClient({
      baseUrl: 'https://studio.example.com',
      apiKey: KEY,
      fetch: async () => {
        throw new TypeError('fetch failed')
      },
    })
    await expect(down.listPublicCampaigns()).rejects.toMatchObject({ status: 0, code: 'network.unreachable' })
  })

  it('gives a 429 its Retry-After in seconds and does not retry unless asked', async () => {
    const limited = json(
      429,
      { error: { code: 'rate.limited', message: 'Too many requests.' } },
      { 'retry-after': '7', 'ratelimit-remaining': '0' },
    )
    const { fetch, sent } = fakeFetch(limited)
    const api = createClient({ baseUrl: 'https://studio.example.com', apiKey: KEY, fetch })
    await expect(api.listPublicCampaigns()).rejects.toMatchObject({
      status: 429,
      code: 'rate.limited',
      retryAfter: 7,
    })
    expect(sent).toHaveLength(1)
  })

  it('retries, when asked, a 429 after its Retry-After and a 5xx, for calls safe to repeat', async () => {
    const limited = json(
      429,
      { error: { code: 'rate.limited', message: 'Slow down.' } },
      { 'retry-after': '0' },
    )
    const failing = json(
      503,
      { error: { code: 'internal.error', message: 'Try again.' } },
      { 'retry-after': '0' },
    )
    const page = json(200, { items: [], nextCursor: null })
    const reads = fakeFetch(limited, failing, page)
    const api = createClient({
      baseUrl: 'https://s.example.com',
      apiKey: KEY,
      fetch: reads.fetch,
      retry: true,
    })
    expect(await api.listPublicCampaigns()).toEqual({ items: [], nextCursor: null })
    expect(reads.sent).toHaveLength(3)

    const keyless = fakeFetch(limited, page)
    const writer = createClient({
      baseUrl: 'https://s.example.com',
      apiKey: KEY,
      fetch: keyless.fetch,
      retry: true,
    })
    await expect(writer.sendPublicCampaign({ params: { id: CAMPAIGN_ID } })).rejects.toMatchObject({
      status: 429,
    })
    expect(keyless.sent).toHaveLength(1)

    const keyed = fakeFetch(limited, json(400, { error: { code: 'request.invalid', message: 'No.' } }))
    const retried = createClient({
      baseUrl: 'https://s.example.com',
      apiKey: KEY,
      fetch: keyed.fetch,
      retry: true,
    })
    await expect(
      retried.sendPublicCampaign({ params: { id: CAMPAIGN_ID }, idempotencyKey: 'k' }),
    ).rejects.toMatchObject({ status: 400 })
    expect(keyed.sent.map((request) => request.headers.get('idempotency-key'))).toEqual(['k', 'k'])
  })

  it('stops retrying after its retries, and never waits longer than maxRetryAfterSeconds', async () => {
    const failing = json(500, { error: { code: 'internal.error', message: 'Boom.' } }, { 'retry-after': '0' })
    const often = fakeFetch(failing)
    const api = createClient({
      baseUrl: 'https://s.example.com',
      apiKey: KEY,
      fetch: often.fetch,
      retry: { retries: 1 },
    })
    await expect(api.listPublicCampaigns()).rejects.toMatchObject({ status: 500 })
    expect(often.sent).toHaveLength(2)
    const long = fakeFetch(
      json(429, { error: { code: 'rate.limited', message: 'Later.' } }, { 'retry-after': '120' }),
    )
    const patient = createClient({
      baseUrl: 'https://s.example.com',
      apiKey: KEY,
      fetch: long.fetch,
      retry: true,
    })
    await expect(patient.listPublicCampaigns()).rejects.toMatchObject({ retryAfter: 120 })
    expect(long.sent).toHaveLength(1)
  })
})

describe('paginate', () => {
  it('follows nextCursor with the same query until the last page', async () => {
    const { fetch, sent } = fakeFetch(
      json(200, { items: [publicCampaign('01ARZ3NDEKTSV4RRFFQ69G5FA1')], nextCursor: 'page.2' }),
      json(200, { items: [], nextCursor: 'page.3' }),
      json(200, { items: [publicCampaign('01ARZ3NDEKTSV4RRFFQ69G5FA2')], nextCursor: null }),
    )
    const api = createClient({ baseUrl: 'https://s.example.com', apiKey: KEY, fetch })
    const seen: string[] = []
    for await (const item of paginate(api.listPublicCampaigns, { query: { limit: 1, status: 'SENT' } })) {
      expectTypeOf(item.progress.percent).toEqualTypeOf<number>()
      seen.push(item.id)
    }
    expect(seen).toEqual(['01ARZ3NDEKTSV4RRFFQ69G5FA1', '01ARZ3NDEKTSV4RRFFQ69G5FA2'])
    expect(sent.map((request) => request.url.search)).toEqual([
      '?limit=1&status=SENT',
      '?limit=1&status=SENT&cursor=page.2',
      '?limit=1&status=SENT&cursor=page.3',
    ])
  })
})

describe('types (checked by typecheck)', () => {
  it('types input from the route’s schemas and the answer from its response', () => {
    expectTypeOf<Parameters<Client['getPublicCampaign']>[0]['params']>().toEqualTypeOf<{ id: string }>()
    expectTypeOf<Awaited<ReturnType<Client['listPublicCampaigns']>>['nextCursor']>().toEqualTypeOf<
      string | null
    >()
    // Never called: the calls only have to compile, or fail to where marked.
    const calls = (api: Client) => [
      api.listPublicCampaigns({ query: { limit: 20 } }),
      api.createPublicCampaign({ body: {} as never, idempotencyKey: 'k' }),
      api.upsertPublicContacts({ body: { contacts: [{ email: 'ada@example.com' }] }, idempotencyKey: 'k' }),
      // @ts-expect-error the path has {id}: the input cannot be left out
      api.getPublicCampaign(),
      // @ts-expect-error a GET takes no idempotency key
      api.listPublicCampaigns({ idempotencyKey: 'k' }),
      // @ts-expect-error `status` is one of the campaign statuses
      api.listPublicCampaigns({ query: { status: 'DONE' } }),
      // @ts-expect-error dashboard routes are not methods of the public client
      api.listCampaigns,
    ]
    expect(typeof calls).toBe('function')
  })
})
