import { beforeAll, describe, expect, it } from 'vitest'
import { addMember, setSubscription } from './seed'
import { newUser } from './stack'
import { startReceiver } from './webhook-receiver'

type User = Awaited<ReturnType<typeof newUser>>

const orgOf = async (user: User): Promise<string> =>
  (await user.api.get('/api/account')).body.organizations[0].id

describe('the webhooks endpoint group', () => {
  let owner: User
  let orgId: string
  let oq: string
  let receiver: Awaited<ReturnType<typeof startReceiver>>

  beforeAll(async () => {
    owner = await newUser()
    orgId = await orgOf(owner)
    oq = `organizationId=${orgId}`
    await setSubscription(orgId, 'TEAM_PLUS_YEARLY', 'active')
    receiver = await startReceiver()
    return () => receiver.close()
  }, 60_000)

  it('creates, lists, changes, tests, rotates and deletes an endpoint; the secret is answered only twice', {
    timeout: 60_000,
  }, async () => {
    const created = await owner.api.post(`/api/webhooks/endpoints?${oq}`, {
      url: `${receiver.origin}/api`,
      description: 'CRM',
      eventTypes: ['campaign.sent', 'campaign.paused'],
    })
    expect(created.status).toBe(201)
    const { endpoint, secret } = created.body
    expect(secret).toMatch(/^whsec_/)
    const listed = await owner.api.get(`/api/webhooks/endpoints?${oq}`)
    expect(listed.body).toEqual({ items: [endpoint], nextCursor: null })
    expect(JSON.stringify(listed.body)).not.toContain(secret)
    const changed = await owner.api.patch(`/api/webhooks/endpoints/${endpoint.id}?${oq}`, {
      eventTypes: ['campaign.paused'],
    })
    expect(changed.body.eventTypes).toEqual(['campaign.paused'])
    const test = await owner.api.post(`/api/webhooks/endpoints/${endpoint.id}/test?${oq}`)
    expect(test.status).toBe(201)
    let deliveries = { items: [] as { status: string; attempts: { statusCode: number }[] }[] }
    for (let tries = 0; tries < 100 && deliveries.items[0]?.status !== 'succeeded'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      deliveries = (await owner.api.get(`/api/webhooks/endpoints/${endpoint.id}/deliveries?${oq}`)).body
    }
    expect(deliveries.items[0]).toMatchObject({ status: 'succeeded', attempts: [{ statusCode: 200 }] })
    const succeeded = await owner.api.get(
      `/api/webhooks/endpoints/${endpoint.id}/deliveries?${oq}&status=failed`,
    )
    expect(succeeded.body).toEqual({ items: [], nextCursor: null })
    const rotated = await owner.api.post(`/api/webhooks/endpoints/${endpoint.id}/rotate-secret?${oq}`)
    expect(rotated.body.secret).toMatch(/^whsec_/)
    expect(rotated.body.secret).not.toBe(secret)
    expect((await owner.api.delete(`/api/webhooks/endpoints/${endpoint.id}?${oq}`)).status).toBe(204)
    expect((await owner.api.get(`/api/webhooks/endpoints/${endpoint.id}?${oq}`)).status).toBe(404)
  })

  it('refuses bad input with 4xx { error: { code, message } } and creates nothing', async () => {
    for (const body of [
      { url: 'https://169.254.169.254/', eventTypes: ['campaign.paused'] },
      { url: 'nope', eventTypes: ['campaign.paused'] },
      { url: `${receiver.origin}/x`, eventTypes: ['not.a.type'] },
      { url: `${receiver.origin}/x` },
    ]) {
      const answer = await owner.api.post(`/api/webhooks/endpoints?${oq}`, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error).toEqual({ code: expect.any(String), message: expect.any(String) })
    }
    expect((await owner.api.post(`/api/webhooks/endpoints?${oq}`, { url: 'https://10.0.0.1/' })).status).toBe(
      400,
    )
    expect((await owner.api.get(`/api/webhooks/endpoints?${oq}`)).body.items).toEqual([])
    const forged = await owner.api.get(
      `/api/webhooks/endpoints/01J00000000000000000000000/deliveries?${oq}&cursor=abc.def`,
    )
    expect(forged.status).toBe(404)
  })

  it('answers only owners and admins of the organization', async () => {
    const { body } = await owner.api.post(`/api/webhooks/endpoints?${oq}`, {
      url: `${receiver.origin}/roles`,
      eventTypes: ['campaign.paused'],
    })
    const id = body.endpoint.id
    const member = await newUser()
    await addMember(orgId, member.sub, 'MEMBER')
    const stranger = await newUser()
    const calls = [
      ['GET', `/api/webhooks/endpoints?${oq}`],
      ['GET', `/api/webhooks/endpoints/${id}?${oq}`],
      ['PATCH', `/api/webhooks/endpoints/${id}?${oq}`],
      ['POST', `/api/webhooks/endpoints/${id}/rotate-secret?${oq}`],
      ['POST', `/api/webhooks/endpoints/${id}/test?${oq}`],
      ['POST', `/api/webhooks/endpoints/${id}/enable?${oq}`],
      ['GET', `/api/webhooks/endpoints/${id}/deliveries?${oq}`],
      ['DELETE', `/api/webhooks/endpoints/${id}?${oq}`],
    ] as const
    for (const [method, path] of calls) {
      const body = method === 'PATCH' ? { description: 'x' } : undefined
      expect((await member.api.request(method, path, { body })).status, `${method} ${path}`).toBe(403)
      expect((await stranger.api.request(method, path, { body })).status, `${method} ${path}`).toBe(404)
    }
    const admin = await newUser()
    await addMember(orgId, admin.sub, 'ADMIN')
    expect((await admin.api.get(`/api/webhooks/endpoints/${id}?${oq}`)).body.description).toBe('')
  })
})
