import { CAMPAIGN_ACTIONS, CAMPAIGN_SENDING_ACTIONS, type CampaignAction } from '@app/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { type CampaignOrg, campaignOrg, readyCampaign } from './campaign-helpers'
import { orgState } from './fixtures'
import { addMember } from './seed'
import { newUser } from './stack'

/**
 * Sending reaches every contact, so it has its own permission (`campaigns.send`: owners and admins): members
 * draft, edit and test-send, but never send, schedule, resume or retry, nor change a scheduled campaign. The
 * route-by-role matrix (role-matrix.int) covers every route's gate; these are the actions inside one route.
 */
describe('campaigns.send: who may send a campaign', () => {
  let setup: CampaignOrg
  let member: Awaited<ReturnType<typeof newUser>>
  let admin: Awaited<ReturnType<typeof newUser>>
  let campaignId: string
  const url = () => `/api/campaigns/${campaignId}?${setup.oq}`

  beforeAll(async () => {
    setup = await campaignOrg()
    ;[member, admin] = await Promise.all([newUser(), newUser()])
    await Promise.all([
      addMember(setup.orgId, member.sub, 'MEMBER'),
      addMember(setup.orgId, admin.sub, 'ADMIN'),
    ])
    campaignId = (await readyCampaign(setup, 'Members draft', 1)).campaign.id
  }, 60_000)

  it('refuses a member every action that sends (403, nothing changed), before the status is even looked at', async () => {
    const before = await orgState(setup.orgId)
    for (const action of CAMPAIGN_SENDING_ACTIONS) {
      const refused = await member.api.patch(url(), { action })
      expect(refused.status, action).toBe(403)
      expect(refused.body.error.code, action).toBe('permission.denied')
      expect(refused.body.error.message).toMatch(/owner or admin/)
    }
    expect(await orgState(setup.orgId)).toBe(before)
    // Pausing and cancelling stop sending: a member gets past the permission (a draft cannot be either: 409).
    const stopping = CAMPAIGN_ACTIONS.filter(
      (action: CampaignAction) => !(CAMPAIGN_SENDING_ACTIONS as readonly string[]).includes(action),
    )
    expect(stopping).toEqual(['pause', 'cancel'])
    for (const action of stopping) {
      const answer = await member.api.patch(url(), { action })
      expect(answer.body.error?.code, action).toBe('campaigns.invalid_transition')
    }
  })

  it('lets a member edit the draft, and an admin schedule and reschedule it; the scheduled campaign is theirs to change', async () => {
    const renamed = await member.api.patch(url(), { name: 'Members draft, edited' })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString()
    expect((await admin.api.patch(url(), { schedule: { at: at(2), timeZone: 'UTC' } })).status).toBe(200)
    const scheduled = await admin.api.patch(url(), { action: 'schedule' })
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
    expect(scheduled.body.status).toBe('SCHEDULED')

    const before = await orgState(setup.orgId)
    for (const change of [{ schedule: { at: at(1), timeZone: 'UTC' } }, { name: 'Sneaked in' }]) {
      const refused = await member.api.patch(url(), change)
      expect(refused.status, JSON.stringify(change)).toBe(403)
      expect(refused.body.error.code).toBe('permission.denied')
    }
    expect(await orgState(setup.orgId)).toBe(before)

    const moved = await admin.api.patch(url(), { schedule: { at: at(3), timeZone: 'UTC' } })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.status).toBe('SCHEDULED')
    // A member may still call a scheduled campaign off.
    const cancelled = await member.api.patch(url(), { action: 'cancel' })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(cancelled.body.status).toBe('CANCELLED')
  })
})
