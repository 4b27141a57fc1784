import { describe, expect, it } from 'vitest'
import { campaignOrg, createCampaign, POSTAL } from './campaign-helpers'
import { orgState } from './fixtures'
import { addMember } from './seed'
import { newUser } from './stack'

type Setup = Awaited<ReturnType<typeof campaignOrg>>

const defaultsOf = async (setup: Setup) => {
  const read = await setup.owner.api.get(`/api/campaigns/sender-defaults?${setup.oq}`)
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return read.body as { sender: Record<string, unknown> | null; savedAt: string | null }
}

describe('campaigns: the sender a new campaign starts from', () => {
  it('remembers the sender last saved in the organization, for its next campaign', async () => {
    const setup = await campaignOrg()
    expect(await defaultsOf(setup)).toEqual({ sender: null, savedAt: null })
    // A draft without a sender leaves nothing to remember.
    const first = await createCampaign(setup, { name: 'A' })
    expect(await defaultsOf(setup)).toEqual({ sender: null, savedAt: null })

    const sender = { ...setup.sender, fromName: 'Acme News', replyTo: 'replies@acme.test' }
    const saved = await setup.owner.api.patch(`/api/campaigns/${first.id}?${setup.oq}`, {
      sender: { ...sender, fromName: '  Acme News  ' },
      version: first.version,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(await defaultsOf(setup)).toEqual({ sender, savedAt: saved.body.updatedAt })

    // Campaign B starts as a draft of its own, and its Sender step from A's details.
    const second = await createCampaign(setup, { name: 'B' })
    expect(second).toMatchObject({ sender: null })
    expect((await defaultsOf(setup)).sender).toEqual(sender)

    // Any later save wins, a campaign created with a sender included; other edits leave the defaults alone.
    const third = await createCampaign(setup, {
      name: 'C',
      sender: { fromEmail: setup.fromEmail, postalAddress: '2 Other Road, Springfield' },
    })
    const afterCreate = await defaultsOf(setup)
    expect(afterCreate.sender).toEqual({
      fromEmail: setup.fromEmail,
      fromName: '',
      replyTo: null,
      postalAddress: '2 Other Road, Springfield',
    })
    const renamed = await setup.owner.api.patch(`/api/campaigns/${first.id}?${setup.oq}`, { name: 'A2' })
    expect(renamed.status).toBe(200)
    expect(await defaultsOf(setup)).toEqual(afterCreate)
    expect(third.id).not.toBe(first.id)

    // Every member reads them (campaigns.read).
    const member = await newUser()
    await addMember(setup.orgId, member.sub, 'MEMBER')
    const byMember = await member.api.get(`/api/campaigns/sender-defaults?${setup.oq}`)
    expect(byMember.status).toBe(200)
    expect(byMember.body.sender.postalAddress).toBe('2 Other Road, Springfield')
  })

  it('keeps each organization’s to itself', async () => {
    const mine = await campaignOrg()
    const theirs = await campaignOrg()
    const draft = await createCampaign(mine, { name: 'Mine', sender: mine.sender })
    expect(draft.id).toBeDefined()
    expect((await defaultsOf(mine)).sender).toMatchObject({ postalAddress: POSTAL })
    expect(await defaultsOf(theirs)).toEqual({ sender: null, savedAt: null })
    // Their organization with my token: not a member.
    const foreign = await mine.owner.api.get(`/api/campaigns/sender-defaults?${theirs.oq}`)
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.code).toBe('organization.not_found')
    const stranger = await newUser()
    expect((await stranger.api.get(`/api/campaigns/sender-defaults?${mine.oq}`)).status).toBe(404)
    // A plan without campaigns is refused.
    const start = await campaignOrg('START')
    const locked = await start.owner.api.get(`/api/campaigns/sender-defaults?${start.oq}`)
    expect(locked.status).toBe(403)
    expect(locked.body.error.code).toBe('plan.feature_locked')
  })

  it('refuses bad input naming the field, and remembers nothing from a refused save', async () => {
    const setup = await campaignOrg()
    const { owner, oq, orgId } = setup
    const draft = await createCampaign(setup, { name: 'Keep', sender: setup.sender })
    const before = await orgState(orgId)
    const reads: [string, string][] = [
      ['', 'query.organizationId'],
      ['organizationId=not-an-id', 'query.organizationId'],
      [`${oq}&awsAccountId=${setup.awsAccountId}`, 'awsAccountId'],
    ]
    for (const [query, field] of reads) {
      const read = await owner.api.get(`/api/campaigns/sender-defaults?${query}`)
      expect(read.status, query).toBe(400)
      expect(read.body.error.code).toBe('request.invalid')
      expect(read.body.error.message, query).toContain(field)
    }
    const saves: [Record<string, unknown>, number, string][] = [
      [{ sender: { ...setup.sender, fromEmail: 'not an address' } }, 400, 'body.sender.fromEmail'],
      [{ sender: { ...setup.sender, fromName: 'A\r\nBcc: x' } }, 400, 'body.sender.fromName'],
      [{ sender: { ...setup.sender, postalAddress: 'x'.repeat(301) } }, 400, 'body.sender.postalAddress'],
      [{ sender: { ...setup.sender, replyTo: 'nowhere' } }, 400, 'body.sender.replyTo'],
      [{ sender: { ...setup.sender, extra: 1 } }, 400, 'body.sender'],
      // Valid, but not an identity of the account: refused before anything is written.
      [{ sender: { ...setup.sender, fromEmail: 'someone@unverified.test' } }, 409, 'email_identity'],
      // A stale version: the campaign and the defaults are one transaction.
      [{ sender: { ...setup.sender, fromName: 'Stale' }, version: draft.version + 5 }, 409, 'version'],
    ]
    for (const [body, status, where] of saves) {
      const saved = await owner.api.patch(`/api/campaigns/${draft.id}?${oq}`, body)
      expect(saved.status, JSON.stringify(body)).toBe(status)
      expect(`${saved.body.error.code} ${saved.body.error.message}`, JSON.stringify(body)).toContain(where)
    }
    const created = await owner.api.post(`/api/campaigns?${setup.q}`, {
      name: 'Bad',
      sender: { ...setup.sender, postalAddress: 'a\u0007b' },
    })
    expect(created.status).toBe(400)
    expect(created.body.error.message).toContain('body.sender.postalAddress')
    expect(await orgState(orgId)).toBe(before)
    expect((await defaultsOf(setup)).sender).toEqual(setup.sender)
  })
})
