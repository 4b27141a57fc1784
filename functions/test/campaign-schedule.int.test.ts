import { ENV } from '@app/contracts'
import { atExpression, scheduleName } from '@app/core/campaigns/scheduling'
import { GetScheduleCommand, ResourceNotFoundException, SchedulerClient } from '@aws-sdk/client-scheduler'
import { afterAll, describe, expect, it } from 'vitest'
import { act, campaignOrg, readyCampaign } from './campaign-helpers'
import { waitFor } from './suppression-helpers'

/**
 * Scheduled campaigns through EventBridge Scheduler's API (the local Scheduler stand-in): scheduling a campaign
 * creates its one-time schedule in the campaign's time zone; when it comes due the schedule delivers to the
 * campaign-schedule queue, whose worker starts the campaign, and the schedule deletes itself.
 */
const scheduler = new SchedulerClient({})
afterAll(() => scheduler.destroy())

const group = () => process.env[ENV.campaignScheduleGroup] ?? ''
const readSchedule = (campaignId: string) =>
  scheduler
    .send(new GetScheduleCommand({ Name: scheduleName(campaignId), GroupName: group() }))
    .catch((error: unknown) => {
      if (error instanceof ResourceNotFoundException) return null
      throw error
    })

describe('scheduled campaigns', () => {
  it('start at their time through a one-time schedule in their time zone, which then deletes itself', async () => {
    const setup = await campaignOrg()
    const { campaign } = await readyCampaign(setup, 'At its time', 1)
    const url = `/api/campaigns/${campaign.id}?${setup.oq}`
    const at = new Date(Date.now() + 6000)
    at.setMilliseconds(0)
    const edited = await setup.owner.api.patch(url, {
      schedule: { at: at.toISOString(), timeZone: 'Asia/Kolkata' },
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect((await act(setup, campaign.id, 'schedule')).body.status).toBe('SCHEDULED')

    const schedule = await waitFor(
      () => readSchedule(campaign.id),
      (found) => found !== null,
      'the campaign’s schedule to be created',
    )
    // Wall-clock time in India (UTC+05:30, no daylight saving) for the instant chosen.
    const local = new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 19)
    expect(schedule).toMatchObject({
      ScheduleExpression: `at(${local})`,
      ScheduleExpressionTimezone: 'Asia/Kolkata',
      ActionAfterCompletion: 'DELETE',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: {
        Arn: process.env[ENV.campaignScheduleTargetArn],
        Input: JSON.stringify({ orgId: setup.orgId, campaignId: campaign.id }),
      },
    })

    const started = await waitFor(
      async () => (await setup.owner.api.get(url)).body,
      (body) => body.status !== 'SCHEDULED',
      'the schedule to start the campaign',
    )
    expect(['SENDING', 'SENT']).toContain(started.status)
    expect(Date.parse(started.startedAt)).toBeGreaterThanOrEqual(at.getTime())
    expect(await readSchedule(campaign.id)).toBeNull()
  }, 60_000)

  it('a campaign taken off its schedule loses the schedule and does not start', async () => {
    const setup = await campaignOrg()
    const { campaign } = await readyCampaign(setup, 'Called off', 1)
    const url = `/api/campaigns/${campaign.id}?${setup.oq}`
    await setup.owner.api.patch(url, {
      schedule: { at: new Date(Date.now() + 3_600_000).toISOString(), timeZone: 'UTC' },
    })
    await act(setup, campaign.id, 'schedule')
    await waitFor(
      () => readSchedule(campaign.id),
      (found) => found !== null,
      'the schedule to be created',
    )
    expect((await act(setup, campaign.id, 'cancel')).body.status).toBe('CANCELLED')
    await waitFor(
      () => readSchedule(campaign.id),
      (found) => found === null,
      'the schedule to be deleted',
    )
  }, 60_000)

  it('a new time moves the schedule (earlier too); taken off its time by an edit, it loses the schedule', async () => {
    const setup = await campaignOrg()
    const { campaign } = await readyCampaign(setup, 'Moved', 1)
    const url = `/api/campaigns/${campaign.id}?${setup.oq}`
    const later = new Date(Date.now() + 2 * 3_600_000).toISOString()
    await setup.owner.api.patch(url, { schedule: { at: later, timeZone: 'UTC' } })
    expect((await act(setup, campaign.id, 'schedule')).body.status).toBe('SCHEDULED')
    await waitFor(
      () => readSchedule(campaign.id),
      (found) => found?.ScheduleExpression === atExpression(later, 'UTC'),
      'the schedule to be created',
    )
    const earlier = new Date(Date.now() + 3_600_000).toISOString()
    const moved = await setup.owner.api.patch(url, { schedule: { at: earlier, timeZone: 'Asia/Kolkata' } })
    expect(moved.body).toMatchObject({ status: 'SCHEDULED', schedule: { at: earlier } })
    const schedule = await waitFor(
      () => readSchedule(campaign.id),
      (found) =>
        found?.ScheduleExpressionTimezone === 'Asia/Kolkata' &&
        found.ScheduleExpression === atExpression(earlier, 'Asia/Kolkata'),
      'the schedule to move to the earlier time',
    )
    expect(schedule?.ScheduleExpression).not.toBe(atExpression(later, 'UTC'))

    const off = await setup.owner.api.patch(url, { schedule: null })
    expect(off.body).toMatchObject({ status: 'DRAFT', schedule: null })
    await waitFor(
      () => readSchedule(campaign.id),
      (found) => found === null,
      'the schedule to be deleted',
    )
  }, 60_000)
})
