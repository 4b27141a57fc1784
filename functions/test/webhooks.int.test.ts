import type { WebhookEventType } from '@app/contracts'
import type { UserActor } from '@app/core'
import { isClaimDone } from '@app/core/events/claims.repo'
import { newEvent, publish } from '@app/core/events/outbox'
import { organizationContext } from '@app/core/organizations/context'
import * as Webhooks from '@app/core/webhooks/public'
import { verifySignature } from '@app/core/webhooks/signature'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember } from './seed'
import { newUser, stack, waitForMail } from './stack'
import { waitFor } from './suppression-helpers'
import { startReceiver } from './webhook-receiver'

type User = Awaited<ReturnType<typeof newUser>>

const actorOf = (user: User): UserActor => ({
  kind: 'user',
  accountId: user.sub,
  username: user.sub,
  email: user.email,
  emailVerified: true,
  groups: [],
})

const orgOf = async (user: User): Promise<string> =>
  (await user.api.get('/api/account')).body.organizations[0].id
const contextOf = (user: User, orgId: string) =>
  organizationContext(actorOf(user), orgId, 'organization.read')

/** A member paused a campaign: an event only webhooks act on (the owners' mail skips pauses by members). */
const pausedByMember = (orgId: string, owner: User) =>
  newEvent(
    'campaign.paused',
    orgId,
    {
      campaignId: '01J00000000000000000000000',
      reason: { code: 'paused_by_user', message: 'Paused', at: new Date().toISOString() },
    },
    { type: 'user', accountId: owner.sub, email: owner.email },
  )

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string; status?: number; message?: string }) => error,
  )

describe('outgoing webhooks', () => {
  let owner: User
  let orgId: string
  let receiver: Awaited<ReturnType<typeof startReceiver>>

  beforeAll(async () => {
    owner = await newUser()
    orgId = await orgOf(owner)
    receiver = await startReceiver()
  }, 60_000)
  afterAll(() => receiver.close())

  async function endpointAt(path: string, eventTypes: WebhookEventType[] = ['campaign.paused']) {
    return Webhooks.createEndpoint(await contextOf(owner, orgId), {
      url: `${receiver.origin}${path}`,
      description: path,
      eventTypes,
    })
  }

  const deliveriesOf = async (endpointId: string) =>
    (await Webhooks.listDeliveries(await contextOf(owner, orgId), endpointId, {})).items

  it('posts each event signed, verifiable with the documented check, and logs the answer', {
    timeout: 60_000,
  }, async () => {
    receiver.answer('/signed', { status: 200, body: 'thanks' })
    const { endpoint, secret } = await endpointAt('/signed')
    expect(secret).toMatch(/^whsec_/)
    expect(endpoint).toMatchObject({ status: 'enabled', secretPrefix: `${secret.slice(0, 10)}…` })
    expect(
      JSON.stringify(await Webhooks.getEndpoint(await contextOf(owner, orgId), endpoint.id)),
    ).not.toContain(secret)
    const event = pausedByMember(orgId, owner)
    await publish(event)
    const [request] = await waitFor(
      async () => receiver.at('/signed'),
      (found) => found.length > 0,
      'the delivery',
    )
    if (!request) throw new Error('no request')
    expect(JSON.parse(request.body)).toMatchObject({
      id: event.id,
      type: 'campaign.paused',
      organizationId: orgId,
    })
    expect(request.headers['webhook-id']).toBe(event.id)
    const presented = {
      id: String(request.headers['webhook-id']),
      timestamp: String(request.headers['webhook-timestamp']),
      signature: String(request.headers['webhook-signature']),
    }
    expect(verifySignature(secret, presented, request.body)).toBe(true)
    expect(verifySignature(secret, presented, request.body.replace('Paused', 'Pwned'))).toBe(false)
    const [delivery] = await waitFor(
      () => deliveriesOf(endpoint.id),
      (items) => items[0]?.status === 'succeeded',
      'the delivery logged',
    )
    expect(delivery).toMatchObject({ id: event.id, eventType: 'campaign.paused', body: request.body })
    expect(delivery?.attempts).toEqual([
      expect.objectContaining({ statusCode: 200, excerpt: 'thanks', manual: false }),
    ])
    // An event type the endpoint did not choose is not sent to it.
    await publish(
      newEvent('topic.created', orgId, { topicId: 't', name: 'T' }, { type: 'system', name: 'test' }),
    )
    await publish(pausedByMember(orgId, owner))
    await waitFor(
      async () => receiver.at('/signed'),
      (found) => found.length === 2,
      'the second delivery',
    )
    expect(receiver.at('/signed').every((found) => JSON.parse(found.body).type === 'campaign.paused')).toBe(
      true,
    )
  })

  it('retries on a 500 and on a timeout with backoff, and signs with both secrets after a rotation', {
    timeout: 90_000,
  }, async () => {
    receiver.answer('/flaky', { status: 500, body: 'down' }, { hangMs: 7000 }, { status: 204 })
    const { endpoint, secret: first } = await endpointAt('/flaky')
    const { secret: second } = await Webhooks.rotateEndpointSecret(await contextOf(owner, orgId), endpoint.id)
    await publish(pausedByMember(orgId, owner))
    const [delivery] = await waitFor(
      () => deliveriesOf(endpoint.id),
      (items) => items[0]?.status === 'succeeded',
      'the third attempt to succeed',
    )
    expect(delivery?.attempts.map((attempt) => attempt.statusCode)).toEqual([500, null, 204])
    expect(delivery?.attempts[1]?.excerpt).toMatch(/No answer within 5 s/)
    const requests = receiver.at('/flaky')
    // The test schedule is 1 s then 2 s (±20 %), after the attempt's own time.
    expect((requests[1]?.at ?? 0) - (requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(800)
    expect((requests[2]?.at ?? 0) - (requests[1]?.at ?? 0)).toBeGreaterThanOrEqual(5000 + 1600)
    for (const request of requests) {
      const presented = {
        id: String(request.headers['webhook-id']),
        timestamp: String(request.headers['webhook-timestamp']),
        signature: String(request.headers['webhook-signature']),
      }
      expect(verifySignature(first, presented, request.body)).toBe(true)
      expect(verifySignature(second, presented, request.body)).toBe(true)
    }
  })

  it('disables an endpoint whose every attempt failed, tells the owners and other endpoints, and redelivers by hand', {
    timeout: 90_000,
  }, async () => {
    receiver.answer('/broken', { status: 503, body: 'maintenance' })
    const { endpoint } = await endpointAt('/broken')
    const watcher = await endpointAt('/watcher', ['webhook_endpoint.disabled'])
    const since = Math.floor(Date.now() / 1000)
    await publish(pausedByMember(orgId, owner))
    const [failed] = await waitFor(
      () => deliveriesOf(endpoint.id),
      (items) => items[0]?.status === 'failed',
      'the delivery to fail',
    )
    expect(failed?.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 503, 503])
    const disabled = await waitFor(
      async () => Webhooks.getEndpoint(await contextOf(owner, orgId), endpoint.id),
      (found) => found.status === 'disabled',
      'the endpoint disabled',
    )
    expect(disabled.disabledReason?.code).toBe('webhook.persistent_failure')
    const mail = await waitForMail(stack, {
      to: owner.email,
      subjectIncludes: 'Webhook endpoint disabled',
      since,
    })
    expect(mail.text).toContain(`${receiver.origin}/broken`)
    expect(mail.text).toContain('/app/organization/webhooks')
    const [notice] = await waitFor(
      async () => receiver.at('/watcher'),
      (found) => found.length > 0,
      'the notice',
    )
    expect(JSON.parse(notice?.body ?? '{}')).toMatchObject({
      type: 'webhook_endpoint.disabled',
      payload: { endpointId: endpoint.id, url: `${receiver.origin}/broken` },
    })
    expect(watcher.endpoint.status).toBe('enabled')

    // Disabled: redelivery waits for re-enabling; then one manual attempt.
    const context = await contextOf(owner, orgId)
    const refused = await errorOf(Webhooks.redeliver(context, endpoint.id, failed?.id ?? ''))
    expect(refused).toMatchObject({ code: 'webhook.state_conflict' })
    receiver.answer('/broken', { status: 200, body: 'back' })
    expect((await Webhooks.reenableEndpoint(context, endpoint.id)).status).toBe('enabled')
    await Webhooks.redeliver(context, endpoint.id, failed?.id ?? '')
    const [redelivered] = await waitFor(
      () => deliveriesOf(endpoint.id),
      (items) => items[0]?.status === 'succeeded',
      'the redelivery',
    )
    expect(redelivered?.attempts.at(-1)).toMatchObject({ statusCode: 200, manual: true, excerpt: 'back' })
    expect(redelivered?.attempts).toHaveLength(4)
  })

  it('refuses private and metadata addresses at creation and after a redirect at delivery', {
    timeout: 60_000,
  }, async () => {
    const context = await contextOf(owner, orgId)
    const before = (await Webhooks.listEndpoints(context)).items.length
    for (const url of [
      'https://169.254.169.254/latest/meta-data/',
      'https://10.1.2.3/hook',
      'https://[::ffff:192.168.1.1]/hook',
      'https://[fd00:ec2::254]/',
    ]) {
      const error = await errorOf(Webhooks.createEndpoint(context, { url, eventTypes: ['campaign.paused'] }))
      expect(error, url).toMatchObject({ code: 'webhook.url_refused', status: 400 })
    }
    expect((await Webhooks.listEndpoints(context)).items).toHaveLength(before)
    receiver.answer('/redirect', { redirect: 'http://169.254.169.254/latest/meta-data/iam' })
    const { endpoint } = await endpointAt('/redirect')
    const test = await Webhooks.sendTestEvent(context, endpoint.id)
    const [delivery] = await waitFor(
      () => deliveriesOf(endpoint.id),
      (items) => (items[0]?.attempts.length ?? 0) > 0,
      'the first attempt',
    )
    expect(delivery?.id).toBe(test.id)
    expect(delivery?.attempts[0]).toMatchObject({ statusCode: null })
    expect(delivery?.attempts[0]?.excerpt).toMatch(/^Redirect refused: .*169\.254\.169\.254/)
    const error = await errorOf(
      Webhooks.updateEndpoint(context, endpoint.id, { url: 'https://100.100.100.200/' }),
    )
    expect(error).toMatchObject({ code: 'webhook.url_refused' })
    expect((await Webhooks.getEndpoint(context, endpoint.id)).url).toBe(`${receiver.origin}/redirect`)
  })

  it('keeps endpoints to their organization and to owners and admins', async () => {
    const { endpoint } = await endpointAt('/private')
    const stranger = await newUser()
    const strangerContext = await contextOf(stranger, await orgOf(stranger))
    expect(await errorOf(Webhooks.getEndpoint(strangerContext, endpoint.id))).toMatchObject({
      code: 'webhook.endpoint_not_found',
    })
    expect((await Webhooks.listEndpoints(strangerContext)).items).toEqual([])
    expect(await errorOf(Webhooks.deleteEndpoint(strangerContext, endpoint.id))).toMatchObject({
      code: 'webhook.endpoint_not_found',
    })
    const member = await newUser({ createAccount: true })
    await addMember(orgId, member.sub, 'MEMBER')
    const memberContext = await contextOf(member, orgId)
    for (const call of [
      () => Webhooks.listEndpoints(memberContext),
      () => Webhooks.getEndpoint(memberContext, endpoint.id),
      () =>
        Webhooks.createEndpoint(memberContext, {
          url: `${receiver.origin}/m`,
          eventTypes: ['campaign.paused'],
        }),
      () => Webhooks.rotateEndpointSecret(memberContext, endpoint.id),
      () => Webhooks.sendTestEvent(memberContext, endpoint.id),
      () => Webhooks.deleteEndpoint(memberContext, endpoint.id),
    ])
      expect(await errorOf(call())).toMatchObject({ code: 'permission.denied', status: 403 })
    const admin = await newUser()
    await addMember(orgId, admin.sub, 'ADMIN')
    expect((await Webhooks.getEndpoint(await contextOf(admin, orgId), endpoint.id)).id).toBe(endpoint.id)
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    const context = await contextOf(owner, orgId)
    const { endpoint } = await endpointAt('/input')
    for (const input of [
      { url: 'not a url', eventTypes: ['campaign.paused'] },
      { url: 'ftp://example.com/', eventTypes: ['campaign.paused'] },
      { url: `${receiver.origin}/x`, eventTypes: [] },
      { url: `${receiver.origin}/x`, eventTypes: ['template.saved'] },
      { url: `${receiver.origin}/x`, eventTypes: ['campaign.paused'], description: 'd'.repeat(201) },
    ])
      expect(await errorOf(Webhooks.createEndpoint(context, input as never))).toMatchObject({
        code: 'request.invalid',
        status: 400,
      })
    expect(
      await errorOf(Webhooks.updateEndpoint(context, endpoint.id, { eventTypes: ['nope'] })),
    ).toMatchObject({
      code: 'request.invalid',
    })
    expect(await Webhooks.getEndpoint(context, endpoint.id)).toEqual(endpoint)
  })

  it('never delays another subscriber of the same event while an endpoint hangs', {
    timeout: 60_000,
  }, async () => {
    receiver.answer('/hang', { hangMs: 8000 })
    await endpointAt('/hang')
    const event = pausedByMember(orgId, owner)
    await publish(event)
    const [request] = await waitFor(
      async () => receiver.at('/hang'),
      (found) => found.length > 0,
      'the delivery',
    )
    // The campaigns' own subscriber of this event (its queue) is done while the webhook still waits for an answer.
    await waitFor(
      () => isClaimDone(event.id, 'campaigns.mail_owners_paused'),
      Boolean,
      'the other subscriber',
    )
    expect(Date.now() - (request?.at ?? 0)).toBeLessThan(5000)
  })
})
