import { describe, expect, it } from 'vitest'
import { createTopic } from './audience-helpers'
import { audienceAndTemplate, campaignOrg, createCampaign, readyCampaign } from './campaign-helpers'
import { orgState } from './fixtures'
import { addMember } from './seed'
import { createTemplate } from './ses-sync-helpers'
import { newUser } from './stack'

describe('campaigns: create, read, edit, list, duplicate, delete', () => {
  it('creates a draft, reads and edits it, duplicates it and deletes it', async () => {
    const setup = await campaignOrg()
    const { owner, oq, awsAccountId } = setup
    const { template, topic } = await audienceAndTemplate(setup, 1)
    const draft = await createCampaign(setup, { name: 'Spring sale' })
    expect(draft).toMatchObject({
      name: 'Spring sale',
      awsAccountId,
      organizationId: setup.orgId,
      status: 'DRAFT',
      sender: null,
      templateId: null,
      topicIds: [],
      missingVariables: { mode: 'skip' },
      schedule: null,
      pinnedVersion: null,
      pauseReason: null,
      counts: { total: 0, sent: 0, failed: 0 },
      version: 1,
    })

    const edited = await owner.api.patch(`/api/campaigns/${draft.id}?${oq}`, {
      sender: setup.sender,
      templateId: template.id,
      topicIds: [topic.id],
      missingVariables: { mode: 'default', values: { firstName: 'friend' } },
      schedule: { at: '2031-05-01T09:00:00+02:00', timeZone: 'Europe/Paris' },
      version: 1,
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body).toMatchObject({
      sender: { fromEmail: setup.fromEmail, fromName: 'Acme News', replyTo: null },
      templateId: template.id,
      topicIds: [topic.id],
      missingVariables: { mode: 'default', values: { firstName: 'friend' } },
      schedule: { at: '2031-05-01T07:00:00.000Z', timeZone: 'Europe/Paris' },
      status: 'DRAFT',
      version: 2,
    })
    const stale = await owner.api.patch(`/api/campaigns/${draft.id}?${oq}`, { name: 'Late', version: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toMatchObject({ code: 'version.conflict', currentVersion: 2 })

    const read = await owner.api.get(`/api/campaigns/${draft.id}?${oq}`)
    expect(read.status).toBe(200)
    expect(read.body).toEqual(edited.body)

    const copy = await owner.api.post(`/api/campaigns/${draft.id}/duplicate?${oq}`)
    expect(copy.status, JSON.stringify(copy.body)).toBe(201)
    expect(copy.body).toMatchObject({
      name: 'Spring sale (copy)',
      status: 'DRAFT',
      templateId: template.id,
      topicIds: [topic.id],
      schedule: null,
      version: 1,
    })
    expect(copy.body.id).not.toBe(draft.id)

    const deleted = await owner.api.delete(`/api/campaigns/${draft.id}?${oq}`)
    expect(deleted.status).toBe(204)
    expect((await owner.api.get(`/api/campaigns/${draft.id}?${oq}`)).body.error.code).toBe(
      'campaigns.not_found',
    )
    expect((await owner.api.delete(`/api/campaigns/${draft.id}?${oq}`)).status).toBe(404)
    expect((await owner.api.get(`/api/campaigns/${copy.body.id}?${oq}`)).status).toBe(200)
  })

  it('lists newest first a page at a time by cursor, searches names and filters by status', async () => {
    const setup = await campaignOrg()
    const { owner, oq } = setup
    const names = ['Alpha news', 'Beta launch', 'Gamma news', 'Delta news', 'Epsilon']
    for (const name of names) await createCampaign(setup, { name })
    const nameOf = (item: { name: string }) => item.name
    const first = await owner.api.get(`/api/campaigns?${oq}&limit=2`)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.items.map(nameOf)).toEqual(['Epsilon', 'Delta news'])
    expect(first.body.nextCursor).toEqual(expect.any(String))
    const second = await owner.api.get(`/api/campaigns?${oq}&limit=2&cursor=${first.body.nextCursor}`)
    expect(second.body.items.map(nameOf)).toEqual(['Gamma news', 'Beta launch'])
    const last = await owner.api.get(`/api/campaigns?${oq}&limit=2&cursor=${second.body.nextCursor}`)
    expect(last.body).toMatchObject({
      items: [expect.objectContaining({ name: 'Alpha news' })],
      nextCursor: null,
    })
    // A cursor belongs to its filters.
    const other = await owner.api.get(`/api/campaigns?${oq}&limit=2&q=news&cursor=${first.body.nextCursor}`)
    expect(other.status).toBe(400)

    const search = await owner.api.get(`/api/campaigns?${oq}&q=NEWS`)
    expect(search.body).toMatchObject({ nextCursor: null })
    expect(search.body.items.map(nameOf)).toEqual(['Delta news', 'Gamma news', 'Alpha news'])
    const searchPage = await owner.api.get(`/api/campaigns?${oq}&q=news&limit=2`)
    expect(searchPage.body.items.map(nameOf)).toEqual(['Delta news', 'Gamma news'])
    const searchRest = await owner.api.get(
      `/api/campaigns?${oq}&q=news&limit=2&cursor=${searchPage.body.nextCursor}`,
    )
    expect(searchRest.body).toMatchObject({
      items: [expect.objectContaining({ name: 'Alpha news' })],
      nextCursor: null,
    })
    const drafts = await owner.api.get(`/api/campaigns?${oq}&status=DRAFT`)
    expect(drafts.body.items).toHaveLength(5)
    const scheduled = await owner.api.get(`/api/campaigns?${oq}&status=SCHEDULED&q=news`)
    expect(scheduled.body).toEqual({ items: [], nextCursor: null })
  })

  it('refuses bad input with 4xx and changes nothing', async () => {
    const setup = await campaignOrg()
    const { owner, oq, q, orgId } = setup
    const { topic } = await audienceAndTemplate(setup, 0)
    const draft = await createCampaign(setup, { name: 'Keep', topicIds: [topic.id] })
    const before = await orgState(orgId)
    const bad: [string, string, unknown][] = [
      ['POST', `/api/campaigns?${q}`, { name: '' }],
      ['POST', `/api/campaigns?${q}`, { name: 'a\u0007b' }],
      ['POST', `/api/campaigns?${q}`, { name: 'x'.repeat(201) }],
      ['POST', `/api/campaigns?${q}`, { name: 'ok', extra: 1 }],
      ['POST', `/api/campaigns?${oq}`, { name: 'no account' }],
      ['POST', `/api/campaigns?${q}`, { name: 'ok', topicIds: [topic.id, topic.id] }],
      ['POST', `/api/campaigns?${q}`, { name: 'ok', sender: { fromEmail: 'not an address' } }],
      [
        'POST',
        `/api/campaigns?${q}`,
        { name: 'ok', sender: { fromEmail: 'a@b.test', fromName: 'A\r\nBcc: x' } },
      ],
      ['POST', `/api/campaigns?${q}`, { name: 'ok', missingVariables: { mode: 'guess' } }],
      ['POST', `/api/campaigns?${q}`, { name: 'ok', schedule: { at: 'tomorrow', timeZone: 'UTC' } }],
      [
        'POST',
        `/api/campaigns?${q}`,
        { name: 'ok', schedule: { at: '2031-01-01T00:00:00Z', timeZone: 'Mars/Base' } },
      ],
      ['PATCH', `/api/campaigns/${draft.id}?${oq}`, {}],
      ['PATCH', `/api/campaigns/${draft.id}?${oq}`, { version: 1 }],
      ['PATCH', `/api/campaigns/${draft.id}?${oq}`, { action: 'explode' }],
      ['PATCH', `/api/campaigns/${draft.id}?${oq}`, { action: 'send', name: 'both' }],
      ['PATCH', `/api/campaigns/not-an-id?${oq}`, { name: 'x' }],
      ['GET', `/api/campaigns?${oq}&page=0`, undefined],
      ['GET', `/api/campaigns?${oq}&limit=101`, undefined],
      ['GET', `/api/campaigns?${oq}&status=DONE`, undefined],
      ['GET', `/api/campaigns/${draft.id}/recipients?${oq}&status=LOST`, undefined],
      ['POST', `/api/campaigns/${draft.id}/test-send?${oq}`, { addresses: [] }],
      [
        'POST',
        `/api/campaigns/${draft.id}/test-send?${oq}`,
        { addresses: ['a@b.test', 'c@d.test', 'e@f.test', 'g@h.test', 'i@j.test', 'k@l.test'] },
      ],
    ]
    for (const [method, path, body] of bad) {
      const response = await owner.api.request(method as 'POST', path, { body })
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400)
      expect(response.body.error.code).toBe('request.invalid')
    }
    expect(await orgState(orgId)).toBe(before)
  })

  it('answers 404 for other organizations’ campaigns, accounts, templates and topics', async () => {
    const mine = await campaignOrg()
    const theirs = await campaignOrg()
    const { template, topic } = await audienceAndTemplate(theirs, 0)
    const foreign = await createCampaign(theirs, { name: 'Theirs' })
    for (const path of ['', '/preflight', '/recipients']) {
      const read = await mine.owner.api.get(`/api/campaigns/${foreign.id}${path}?${mine.oq}`)
      expect(read.status, path).toBe(404)
      expect(read.body.error.code).toBe('campaigns.not_found')
    }
    expect(
      (await mine.owner.api.patch(`/api/campaigns/${foreign.id}?${mine.oq}`, { name: 'Mine' })).status,
    ).toBe(404)
    expect(
      (await mine.owner.api.patch(`/api/campaigns/${foreign.id}?${mine.oq}`, { action: 'send' })).status,
    ).toBe(404)
    expect((await mine.owner.api.post(`/api/campaigns/${foreign.id}/duplicate?${mine.oq}`)).status).toBe(404)
    expect((await mine.owner.api.delete(`/api/campaigns/${foreign.id}?${mine.oq}`)).status).toBe(404)
    const testSend = await mine.owner.api.post(`/api/campaigns/${foreign.id}/test-send?${mine.oq}`, {
      addresses: ['x@example.test'],
    })
    expect(testSend.status).toBe(404)
    // Their organization with my token: not a member.
    expect((await mine.owner.api.get(`/api/campaigns/${foreign.id}?${theirs.oq}`)).status).toBe(404)
    const refs: [Record<string, unknown>, string, string][] = [
      [{ templateId: template.id }, 'template.not_found', mine.q],
      [{ topicIds: [topic.id] }, 'topic.not_found', mine.q],
      [{}, 'aws_account.not_found', `${mine.oq}&awsAccountId=${theirs.awsAccountId}`],
    ]
    for (const [body, code, query] of refs) {
      const created = await mine.owner.api.post(`/api/campaigns?${query}`, { name: 'Refs', ...body })
      expect(created.status, code).toBe(404)
      expect(created.body.error.code).toBe(code)
    }
    const unverified = await mine.owner.api.post(`/api/campaigns?${mine.q}`, {
      name: 'Sender',
      sender: { ...mine.sender, fromEmail: theirs.fromEmail },
    })
    expect(unverified.status).toBe(409)
    expect(unverified.body.error.code).toBe('email_identity.not_verified')
    const list = await mine.owner.api.get(`/api/campaigns?${mine.oq}`)
    expect(list.body.items).toHaveLength(0)
    expect((await theirs.owner.api.get(`/api/campaigns/${foreign.id}?${theirs.oq}`)).body.name).toBe('Theirs')
  })

  it('is a Team feature: START and Solo are refused; any member may read and write', async () => {
    for (const plan of ['START', 'SOLO_MONTHLY'] as const) {
      const setup = await campaignOrg(plan === 'START' ? 'START' : 'TEAM_MONTHLY')
      if (plan !== 'START') {
        const { setSubscription } = await import('./seed')
        await setSubscription(setup.orgId, plan, 'active')
      }
      const list = await setup.owner.api.get(`/api/campaigns?${setup.oq}`)
      expect(list.status, plan).toBe(403)
      expect(list.body.error.code).toBe('plan.feature_locked')
      const created = await setup.owner.api.post(`/api/campaigns?${setup.q}`, { name: 'Locked' })
      expect(created.status, plan).toBe(403)
    }
    const setup = await campaignOrg()
    const member = await newUser()
    await addMember(setup.orgId, member.sub, 'MEMBER')
    const byMember = await member.api.post(`/api/campaigns?${setup.q}`, { name: 'By a member' })
    expect(byMember.status, JSON.stringify(byMember.body)).toBe(201)
    expect((await member.api.get(`/api/campaigns/${byMember.body.id}?${setup.oq}`)).status).toBe(200)
    const stranger = await newUser()
    const refused = await stranger.api.get(`/api/campaigns?${setup.oq}`)
    expect(refused.status).toBe(404)
    expect(refused.body.error.code).toBe('organization.not_found')
  })

  it('checks the references an edit names and duplicates a ready campaign as a draft', async () => {
    const setup = await campaignOrg()
    const { campaign } = await readyCampaign(setup, 'Ready', 1)
    const other = await createTemplate(setup.owner, setup.orgId, `Other-${Date.now()}`)
    const topic = await createTopic(setup.owner, setup.orgId, { name: `More ${Date.now()}` })
    const moved = await setup.owner.api.patch(`/api/campaigns/${campaign.id}?${setup.oq}`, {
      templateId: other.id,
      topicIds: [topic.id],
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const wrong = await setup.owner.api.patch(`/api/campaigns/${campaign.id}?${setup.oq}`, {
      topicIds: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'],
    })
    expect(wrong.body.error.code).toBe('topic.not_found')
    expect((await setup.owner.api.get(`/api/campaigns/${campaign.id}?${setup.oq}`)).body.topicIds).toEqual([
      topic.id,
    ])
  })
})
