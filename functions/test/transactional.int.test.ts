/** Transactional email on the public API (`POST /api/v1/emails`, issue 30), against the local stack. */
import { suppress } from '@app/core/audience/public'
import { grantProductionAccess, localSesAccepted } from '@app/local-stack/testing/local-aws'
import { beforeAll, describe, expect, it } from 'vitest'
import { type CampaignOrg, campaignOrg } from './campaign-helpers'
import { keyed, keyFor } from './public-api-helpers'
import { createTemplate, html } from './ses-sync-helpers'
import { stack, uniqueEmail, waitForMail } from './stack'

describe('POST /api/v1/emails', () => {
  let setup: CampaignOrg
  let send: ReturnType<typeof keyed>
  let template: { id: string; name: string }
  const subject = `Receipt ${Date.now()}`

  beforeAll(async () => {
    setup = await campaignOrg('TEAM_MONTHLY', { events: false })
    await grantProductionAccess(stack, setup.keys.accountId)
    send = keyed(await keyFor(setup, ['transactional:send']))
    template = await createTemplate(setup.owner, setup.orgId, `Receipt-${Date.now()}`, {
      subject: `${subject} {{orderNumber}}`,
      source: html('<p>Order {{orderNumber}} for {{email}}: {{total}}</p>'),
      sampleData: [{ name: 'Default', data: { orderNumber: '1', total: '2' } }],
    })
  }, 120_000)

  const body = (to: string[], extra: Record<string, unknown> = {}) => ({
    template: { id: template.id },
    to,
    data: { orderNumber: 'A-17', total: 42.5 },
    from: { email: setup.fromEmail, name: 'Acme Shop' },
    ...extra,
  })

  it('sends the template filled from data to each recipient, through the only AWS account, without the campaign tag the unsubscribe headers go with', async () => {
    const [first, second] = [uniqueEmail('buyer'), uniqueEmail('buyer')]
    const since = Date.now()
    const sent = await send.post('/api/v1/emails', body([first, second]))
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body).toMatchObject({
      awsAccountId: setup.awsAccountId,
      templateId: template.id,
      templateVersion: 1,
    })
    expect(sent.body.results).toEqual([
      { to: first, status: 'sent', messageId: expect.any(String) },
      { to: second, status: 'sent', messageId: expect.any(String) },
    ])
    const mail = await waitForMail(stack, { to: first, subjectIncludes: subject })
    expect(mail.subject).toBe(`${subject} A-17`)
    expect(mail.html).toContain(`Order A-17 for ${first}: 42.5`)
    const accepted = await localSesAccepted(stack, { accountId: setup.keys.accountId, since })
    const ours = accepted.filter((message) => message.tags['ses-studio'] === 'transactional')
    expect(ours.flatMap((message) => message.recipients).sort()).toEqual([first, second].sort())
    expect(ours.every((message) => message.tags.template === template.id)).toBe(true)
    // Marketing mail's unsubscribe machinery is absent: no campaign tag (the engine's List-Unsubscribe goes with it).
    expect(ours.every((message) => message.tags.campaign === undefined)).toBe(true)
  })

  it('finds the template by name', async () => {
    const to = uniqueEmail('named')
    const sent = await send.post('/api/v1/emails', body([to], { template: { name: template.name } }))
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body.results[0]).toMatchObject({ to, status: 'sent' })
  })

  it('refuses a bounced or complained address in its own result and sends the rest (an unsubscribe does not stop it)', async () => {
    const [bounced, complained, unsubscribed, fine] = ['b', 'c', 'u', 'f'].map((tag) => uniqueEmail(tag))
    await suppress(setup.orgId, { email: bounced as string, reason: 'BOUNCED', source: 'bounce' })
    await suppress(setup.orgId, { email: complained as string, reason: 'COMPLAINED', source: 'complaint' })
    await suppress(setup.orgId, { email: unsubscribed as string, reason: 'UNSUBSCRIBED', source: 'api' })
    const sent = await send.post(
      '/api/v1/emails',
      body([bounced, complained, unsubscribed, fine] as string[]),
    )
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body.results).toEqual([
      { to: bounced, status: 'refused', error: { code: 'contact.bounced', message: expect.any(String) } },
      {
        to: complained,
        status: 'refused',
        error: { code: 'contact.complained', message: expect.any(String) },
      },
      { to: unsubscribed, status: 'sent', messageId: expect.any(String) },
      { to: fine, status: 'sent', messageId: expect.any(String) },
    ])
  })

  it('names the variables data lacks (400) and sends nothing', async () => {
    const to = uniqueEmail('missing')
    const since = Date.now()
    const sent = await send.post('/api/v1/emails', body([to], { data: { orderNumber: 'A-1' } }))
    expect(sent.status).toBe(400)
    expect(sent.body.error.code).toBe('transactional.missing_variables')
    expect(sent.body.error.message).toContain('total')
    const accepted = await localSesAccepted(stack, { accountId: setup.keys.accountId, since })
    expect(accepted.filter((message) => message.recipients.includes(to))).toEqual([])
  })

  it('refuses bad input with the documented shape and sends nothing', async () => {
    const since = Date.now()
    const bad: [unknown, number, string][] = [
      [{ ...body([uniqueEmail('x')]), to: [] }, 400, 'request.invalid'],
      [body(Array.from({ length: 51 }, (_, index) => uniqueEmail(`m${index}`))), 400, 'request.invalid'],
      [body(['not-an-address']), 400, 'request.invalid'],
      [
        body([uniqueEmail('x')], { template: { id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } }),
        404,
        'template.not_found',
      ],
      [body([uniqueEmail('x')], { template: { name: 'no-such-template' } }), 404, 'template.not_found'],
      [
        body([uniqueEmail('x')], { awsAccountId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }),
        404,
        'aws_account.not_found',
      ],
      [
        body([uniqueEmail('x')], { from: { email: uniqueEmail('unverified') } }),
        409,
        'email_identity.not_verified',
      ],
      [body([uniqueEmail('x')], { organizationId: setup.orgId }), 400, 'request.invalid'],
    ]
    for (const [payload, status, code] of bad) {
      const answer = await send.post('/api/v1/emails', payload)
      expect(answer.status, JSON.stringify(answer.body)).toBe(status)
      expect(answer.body).toEqual({ error: { code, message: expect.any(String) } })
    }
    expect(await localSesAccepted(stack, { accountId: setup.keys.accountId, since })).toEqual([])
  })

  it('needs the transactional:send scope, and replays an idempotent send without sending again', async () => {
    const other = keyed(await keyFor(setup, ['campaigns:read', 'campaigns:write', 'campaigns:send']))
    const refused = await other.post('/api/v1/emails', body([uniqueEmail('x')]))
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('permission.denied')
    const to = uniqueEmail('once')
    const since = Date.now()
    const headers = { 'idempotency-key': `tx-${Date.now()}` }
    const first = await send.post('/api/v1/emails', body([to]), headers)
    const again = await send.post('/api/v1/emails', body([to]), headers)
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    const accepted = await localSesAccepted(stack, { accountId: setup.keys.accountId, since })
    expect(accepted.filter((message) => message.recipients.includes(to))).toHaveLength(1)
  })
})
