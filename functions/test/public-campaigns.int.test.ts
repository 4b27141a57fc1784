/** Campaigns on the public API (`/api/v1/campaigns`, issue 30), against the local stack. */
import { STARTERS } from '@app/email'
import { grantProductionAccess } from '@app/local-stack/testing/local-aws'
import { beforeAll, describe, expect, it } from 'vitest'
import { createContact, createTopic } from './audience-helpers'
import { audienceAndTemplate, type CampaignOrg, campaignOrg, POSTAL } from './campaign-helpers'
import { keyed, keyFor } from './public-api-helpers'
import { stack, uniqueEmail, waitForMail } from './stack'

const UNKNOWN_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV'
const future = () => new Date(Date.now() + 3_600_000).toISOString()

describe('/api/v1/campaigns', () => {
  let setup: CampaignOrg
  let all: ReturnType<typeof keyed>
  let ready: { templateId: string; topicId: string }

  beforeAll(async () => {
    setup = await campaignOrg()
    await grantProductionAccess(stack, setup.keys.accountId, 'us-east-1')
    all = keyed(await keyFor(setup, ['campaigns:read', 'campaigns:write', 'campaigns:send', 'reports:read']))
    const { template, topic } = await audienceAndTemplate(setup, 1)
    ready = { templateId: template.id, topicId: topic.id }
  }, 180_000)

  const draft = (name = `Launch ${Date.now()}`) => ({
    name,
    sender: setup.sender,
    templateId: ready.templateId,
    topicIds: [ready.topicId],
  })

  async function created(name?: string) {
    const answer = await all.post('/api/v1/campaigns', draft(name))
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return answer.body as { id: string; status: string }
  }

  it('creates a draft on the only AWS account, reads it with its progress and lists it', async () => {
    const campaign = await created('Through the API')
    expect(campaign).toMatchObject({
      status: 'DRAFT',
      awsAccountId: setup.awsAccountId,
      templateId: ready.templateId,
      progress: { total: 0, sent: 0, failed: 0, remaining: 0, percent: 0 },
    })
    expect(campaign).not.toHaveProperty('organizationId')
    const read = await all.get(`/api/v1/campaigns/${campaign.id}`)
    expect(read.status).toBe(200)
    expect(read.body).toEqual(campaign)
    const list = await all.get('/api/v1/campaigns?limit=100&q=through%20the%20api')
    expect(list.status).toBe(200)
    expect(list.body.items.map((item: { id: string }) => item.id)).toContain(campaign.id)
  })

  it('follows the dashboard’s state rules: schedule, cancel; a wrong change is 409 and changes nothing', async () => {
    const campaign = await created()
    const early = await all.post(`/api/v1/campaigns/${campaign.id}/pause`)
    expect(early.status).toBe(409)
    expect(early.body.error.code).toBe('campaigns.invalid_transition')
    const at = future()
    const scheduled = await all.post(`/api/v1/campaigns/${campaign.id}/schedule`, {
      schedule: { at, timeZone: 'Europe/Paris' },
    })
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
    expect(scheduled.body).toMatchObject({ status: 'SCHEDULED', schedule: { at, timeZone: 'Europe/Paris' } })
    const again = await all.post(`/api/v1/campaigns/${campaign.id}/schedule`, {})
    expect(again.status).toBe(409)
    const cancelled = await all.post(`/api/v1/campaigns/${campaign.id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe('CANCELLED')
    const resumed = await all.post(`/api/v1/campaigns/${campaign.id}/resume`)
    expect(resumed.status).toBe(409)
    expect((await all.get(`/api/v1/campaigns/${campaign.id}`)).body.status).toBe('CANCELLED')
  })

  it('sends a campaign made from one of the product’s starters, which lands in the mailbox; its report counts it', async () => {
    const starter = STARTERS[0]?.id as string
    const template = await setup.owner.api.post(`/api/templates?organizationId=${setup.orgId}`, {
      name: `starter-v1-${Date.now()}`,
      starter,
      editorType: 'VISUAL',
    })
    expect(template.status, JSON.stringify(template.body)).toBe(201)
    const topic = await createTopic(setup.owner, setup.orgId, { name: `API readers ${Date.now()}` })
    const reader = uniqueEmail('v1reader')
    await createContact(setup.owner, setup.orgId, {
      email: reader,
      firstName: 'Ada',
      topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' }],
    })
    const campaign = await all.post('/api/v1/campaigns', {
      name: 'Starter through the API',
      sender: { ...setup.sender, postalAddress: POSTAL },
      templateId: template.body.id,
      topicIds: [topic.id],
    })
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201)
    const since = Math.floor(Date.now() / 1000)
    const sent = await all.post(`/api/v1/campaigns/${campaign.body.id}/send`)
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body.status).toBe('SENDING')
    const mail = await waitForMail(stack, { to: reader, since, timeoutMs: 60_000 })
    expect(mail.html).toContain('/unsubscribe')
    const until = Date.now() + 60_000
    let read = await all.get(`/api/v1/campaigns/${campaign.body.id}`)
    while (read.body.status !== 'SENT' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      read = await all.get(`/api/v1/campaigns/${campaign.body.id}`)
    }
    expect(read.body).toMatchObject({
      status: 'SENT',
      progress: { total: 1, sent: 1, remaining: 0, percent: 100 },
    })
    const report = await all.get(`/api/v1/campaigns/${campaign.body.id}/report`)
    expect(report.status).toBe(200)
    expect(report.body).toMatchObject({
      id: campaign.body.id,
      status: 'SENT',
      counts: { recipients: 1, sent: 1 },
    })
  })

  it('is gated like the dashboard’s campaigns: a key of an organization without the plan gets 403', async () => {
    const start = await campaignOrg('START', { events: false })
    const key = keyed(await keyFor(start, ['campaigns:read', 'transactional:send']))
    for (const answer of [
      await key.get('/api/v1/campaigns'),
      await key.post('/api/v1/emails', {
        template: { name: 'x' },
        to: [uniqueEmail('x')],
        from: { email: start.fromEmail },
      }),
    ]) {
      expect(answer.status).toBe(403)
      expect(answer.body.error.code).toBe('plan.feature_locked')
    }
  })

  it('needs each operation’s scope (403 without it)', async () => {
    const campaign = await created()
    const readOnly = keyed(await keyFor(setup, ['campaigns:read']))
    const writeOnly = keyed(await keyFor(setup, ['campaigns:write']))
    const calls: [ReturnType<typeof keyed>, 'GET' | 'POST', string, unknown?][] = [
      [writeOnly, 'GET', '/api/v1/campaigns'],
      [writeOnly, 'GET', `/api/v1/campaigns/${campaign.id}`],
      [readOnly, 'POST', '/api/v1/campaigns', draft()],
      [writeOnly, 'POST', `/api/v1/campaigns/${campaign.id}/schedule`, {}],
      ...(['send', 'pause', 'resume', 'cancel'] as const).map(
        (action) =>
          [writeOnly, 'POST', `/api/v1/campaigns/${campaign.id}/${action}`] as [
            ReturnType<typeof keyed>,
            'POST',
            string,
          ],
      ),
      [readOnly, 'GET', `/api/v1/campaigns/${campaign.id}/report`],
    ]
    for (const [caller, method, path, body] of calls) {
      const answer = method === 'GET' ? await caller.get(path) : await caller.post(path, body)
      expect(answer.status, `${method} ${path}`).toBe(403)
      expect(answer.body.error.code).toBe('permission.denied')
    }
    expect((await all.get(`/api/v1/campaigns/${campaign.id}`)).body.status).toBe('DRAFT')
  })

  it('keeps organizations apart: another organization’s key gets 404 and never lists it', async () => {
    const campaign = await created()
    const other = await campaignOrg('TEAM_MONTHLY', { events: false })
    const stranger = keyed(
      await keyFor(other, ['campaigns:read', 'campaigns:write', 'campaigns:send', 'reports:read']),
    )
    for (const path of ['', '/report']) {
      const answer = await stranger.get(`/api/v1/campaigns/${campaign.id}${path}`)
      expect(answer.status).toBe(404)
      expect(answer.body.error.code).toBe('campaigns.not_found')
    }
    for (const action of ['send', 'cancel', 'schedule']) {
      const answer = await stranger.post(
        `/api/v1/campaigns/${campaign.id}/${action}`,
        action === 'schedule' ? {} : undefined,
      )
      expect(answer.status).toBe(404)
    }
    const list = await stranger.get('/api/v1/campaigns?limit=100')
    expect(list.body.items.map((item: { id: string }) => item.id)).not.toContain(campaign.id)
    // Its own template and topics are not another organization's to use.
    const borrowed = await stranger.post('/api/v1/campaigns', {
      ...draft(),
      awsAccountId: setup.awsAccountId,
    })
    expect(borrowed.status).toBe(404)
    expect((await all.get(`/api/v1/campaigns/${campaign.id}`)).body.status).toBe('DRAFT')
  })

  it('makes one campaign of 20 concurrent creates under one Idempotency-Key, and replays it', async () => {
    const name = `Once ${Date.now()}`
    const headers = { 'idempotency-key': `create-${Date.now()}` }
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => all.post('/api/v1/campaigns', draft(name), headers)),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(
      statuses.every((status) => status === 201 || status === 409),
      JSON.stringify(statuses),
    ).toBe(true)
    const replay = await all.post('/api/v1/campaigns', draft(name), headers)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    const list = await all.get(`/api/v1/campaigns?limit=100&q=${encodeURIComponent(name)}`)
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([replay.body.id])
    const reused = await all.post('/api/v1/campaigns', draft(`${name} other`), headers)
    expect(reused.status).toBe(422)
    expect(reused.body.error.code).toBe('idempotency.key_reused')
  })

  it('refuses bad input on every operation with the documented shape, changing nothing', async () => {
    const campaign = await created()
    const before = (await all.get(`/api/v1/campaigns/${campaign.id}`)).body
    const bad: ['GET' | 'POST', string, unknown, number, string][] = [
      ['GET', '/api/v1/campaigns?limit=0', undefined, 400, 'request.invalid'],
      ['GET', '/api/v1/campaigns?cursor=made-up', undefined, 400, 'request.invalid'],
      ['GET', '/api/v1/campaigns?organizationId=x', undefined, 400, 'request.invalid'],
      ['GET', '/api/v1/campaigns/not-an-id', undefined, 400, 'request.invalid'],
      ['GET', `/api/v1/campaigns/${UNKNOWN_ID}`, undefined, 404, 'campaigns.not_found'],
      ['GET', `/api/v1/campaigns/${UNKNOWN_ID}/report`, undefined, 404, 'campaigns.not_found'],
      ['POST', '/api/v1/campaigns', { ...draft(), name: '' }, 400, 'request.invalid'],
      ['POST', '/api/v1/campaigns', { ...draft(), templateId: UNKNOWN_ID }, 404, 'template.not_found'],
      ['POST', '/api/v1/campaigns', { ...draft(), topicIds: [UNKNOWN_ID] }, 404, 'topic.not_found'],
      ['POST', '/api/v1/campaigns', { ...draft(), awsAccountId: UNKNOWN_ID }, 404, 'aws_account.not_found'],
      ['POST', '/api/v1/campaigns', { ...draft(), organizationId: setup.orgId }, 400, 'request.invalid'],
      [
        'POST',
        `/api/v1/campaigns/${campaign.id}/schedule`,
        { schedule: { at: new Date(Date.now() - 60_000).toISOString(), timeZone: 'UTC' } },
        400,
        'campaigns.schedule_invalid',
      ],
      [
        'POST',
        `/api/v1/campaigns/${campaign.id}/schedule`,
        { schedule: { at: 'soon' } },
        400,
        'request.invalid',
      ],
      ['POST', `/api/v1/campaigns/${campaign.id}/schedule`, {}, 400, 'campaigns.schedule_invalid'],
      ['POST', `/api/v1/campaigns/${UNKNOWN_ID}/send`, undefined, 404, 'campaigns.not_found'],
      ['POST', `/api/v1/campaigns/${campaign.id}/send`, { now: true }, 400, 'request.invalid'],
      ['POST', `/api/v1/campaigns/${campaign.id}/resume`, undefined, 409, 'campaigns.invalid_transition'],
      ['POST', `/api/v1/campaigns/${campaign.id}/cancel`, undefined, 409, 'campaigns.invalid_transition'],
    ]
    for (const [method, path, body, status, code] of bad) {
      const answer = method === 'GET' ? await all.get(path) : await all.post(path, body)
      expect(answer.status, `${method} ${path} ${JSON.stringify(answer.body)}`).toBe(status)
      expect(answer.body).toEqual({ error: { code, message: expect.any(String) } })
    }
    expect((await all.get(`/api/v1/campaigns/${campaign.id}`)).body).toEqual(before)
  })
})
