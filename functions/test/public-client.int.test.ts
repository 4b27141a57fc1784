/**
 * The TypeScript client (`@ses-studio/client`) driving the public API of the running local stack: its methods,
 * typed from the route table, against the real handlers, storage and rate limiter.
 */
import { ApiError, type Client, createClient, paginate } from '@ses-studio/client'
import { beforeAll, describe, expect, it } from 'vitest'
import { audienceAndTemplate, type CampaignOrg, campaignOrg } from './campaign-helpers'
import { keyFor } from './public-api-helpers'
import { stack } from './stack'

const UNKNOWN_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV'

async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('@ses-studio/client against the local stack', () => {
  let setup: CampaignOrg
  let api: Client
  let ready: { templateId: string; topicId: string }

  beforeAll(async () => {
    setup = await campaignOrg()
    const key = await keyFor(setup, ['campaigns:read', 'campaigns:write', 'campaigns:send', 'reports:read'])
    api = createClient({ baseUrl: stack.apiUrl, apiKey: key })
    const { template, topic } = await audienceAndTemplate(setup, 1)
    ready = { templateId: template.id, topicId: topic.id }
  }, 180_000)

  const draft = (name: string) => ({
    name,
    sender: setup.sender,
    templateId: ready.templateId,
    topicIds: [ready.topicId],
  })

  it('creates campaigns (replaying a repeated Idempotency-Key), reads one and lists them page by page', async () => {
    const run = Date.now()
    const first = await api.createPublicCampaign({
      body: draft(`Client ${run} a`),
      idempotencyKey: `a-${run}`,
    })
    expect(first).toMatchObject({ status: 'DRAFT', awsAccountId: setup.awsAccountId, progress: { total: 0 } })
    const replayed = await api.createPublicCampaign({
      body: draft(`Client ${run} a`),
      idempotencyKey: `a-${run}`,
    })
    expect(replayed.id).toBe(first.id)
    const second = await api.createPublicCampaign({ body: draft(`Client ${run} b`) })

    expect(await api.getPublicCampaign({ params: { id: first.id } })).toEqual(first)
    const seen: string[] = []
    for await (const campaign of paginate(api.listPublicCampaigns, {
      query: { limit: 1, q: `Client ${run}` },
    })) {
      seen.push(campaign.id)
    }
    expect(seen).toEqual([second.id, first.id])
    const report = await api.getPublicCampaignReport({ params: { id: first.id } })
    expect(report).toMatchObject({ id: first.id, status: 'DRAFT', counts: { sent: 0 } })
  })

  it('throws ApiError with the documented code on bad input, an unknown id, a wrong state and a missing scope', async () => {
    const name = `Refused ${Date.now()}`
    const invalid = await refusal(
      api.createPublicCampaign({ body: { ...draft(name), topicIds: ['not-an-id'] } }),
    )
    expect(invalid).toMatchObject({ status: 400, code: 'request.invalid' })
    expect(invalid.message).toMatch(/topicIds/)
    expect((await api.listPublicCampaigns({ query: { q: name } })).items).toEqual([])

    const missing = await refusal(api.getPublicCampaign({ params: { id: UNKNOWN_ID } }))
    expect(missing).toMatchObject({ status: 404, code: 'campaigns.not_found' })

    const campaign = await api.createPublicCampaign({ body: draft(name) })
    const early = await refusal(api.pausePublicCampaign({ params: { id: campaign.id } }))
    expect(early).toMatchObject({ status: 409, code: 'campaigns.invalid_transition' })
    expect((await api.getPublicCampaign({ params: { id: campaign.id } })).status).toBe('DRAFT')

    const reader = createClient({ baseUrl: stack.apiUrl, apiKey: await keyFor(setup, ['campaigns:read']) })
    const denied = await refusal(reader.sendPublicCampaign({ params: { id: campaign.id } }))
    expect(denied).toMatchObject({ status: 403, code: 'permission.denied' })
    const stranger = createClient({ baseUrl: stack.apiUrl, apiKey: 'ssk_live_not_a_key' })
    expect(await refusal(stranger.listPublicCampaigns())).toMatchObject({
      status: 401,
      code: 'auth.unauthorized',
    })
  })

  it('gives a key past its rate limit 429 rate.limited with retryAfter, not waited for beyond its bound', async () => {
    const created = await setup.owner.api.post(`/api/api-keys?organizationId=${setup.orgId}`, {
      name: 'Ten a minute',
      scopes: ['campaigns:read'],
      rateLimitPerMinute: 10,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const limited = createClient({
      baseUrl: stack.apiUrl,
      apiKey: created.body.key,
      retry: { retries: 3, maxRetryAfterSeconds: 0 },
    })
    let error: ApiError | null = null
    for (let call = 0; call < 11 && !error; call++) {
      error = await limited.listPublicCampaigns({ query: { limit: 1 } }).then(
        () => null,
        (caught: ApiError) => caught,
      )
    }
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 429, code: 'rate.limited' })
    expect(error?.retryAfter).toBeGreaterThanOrEqual(1)
    expect(error?.retryAfter).toBeLessThanOrEqual(60)
  })
})
