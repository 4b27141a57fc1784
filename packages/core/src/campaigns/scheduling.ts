import {
  ConflictException,
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler'
import * as z from 'zod'
import { on } from '../events/dispatch'
import type { Logger } from '../log'
import { getCampaignRecord as getCampaign } from './campaigns.repo'
import { schedulingEnv } from './env'
import { startScheduledCampaign } from './scheduled-start'

/**
 * A scheduled campaign starts through EventBridge Scheduler: one one-time schedule per campaign (`at(...)` in the
 * campaign's time zone, deleted by Scheduler after it ran), created when the campaign is scheduled and deleted
 * when it is unscheduled (the `campaign.scheduled` / `campaign.unscheduled` events). Its target is the
 * campaign-schedule queue, whose worker calls `runCampaignSchedule` — `startScheduledCampaign`, which leaves
 * anything but a due SCHEDULED campaign alone. Locally the same calls reach the local Scheduler stand-in.
 */

let client: SchedulerClient | undefined
const scheduler = () => {
  client ??= new SchedulerClient({})
  return client
}

/** What the schedule's target receives (the campaign-schedule queue's message). */
export const ScheduledStartSchema = z.object({ orgId: z.string().min(1), campaignId: z.string().min(1) })
export type ScheduledStart = z.infer<typeof ScheduledStartSchema>

/** Scheduler names: 1–64 of letters, digits, `-`, `_` and `.`; campaign ids are ULIDs. */
export const scheduleName = (campaignId: string) => `campaign-${campaignId}`.slice(0, 64)

/**
 * The instant `at` as Scheduler's one-time expression in `timeZone`: `at(yyyy-mm-ddThh:mm:ss)` is wall-clock time
 * in the schedule's time zone, so the campaign's own zone (and its daylight-saving rules) says when it runs.
 */
export function atExpression(at: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  )
  return `at(${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second})`
}

/** The full schedule of a campaign (UpdateSchedule replaces every field, so create and update send the same). */
export function scheduleInput(
  start: ScheduledStart,
  at: string,
  timeZone: string,
): CreateScheduleCommandInput {
  const env = schedulingEnv()
  return {
    Name: scheduleName(start.campaignId),
    GroupName: env.group,
    ScheduleExpression: atExpression(at, timeZone),
    ScheduleExpressionTimezone: timeZone,
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    State: 'ENABLED',
    Description: `Starts campaign ${start.campaignId} of organization ${start.orgId}`,
    Target: {
      Arn: env.targetArn,
      RoleArn: env.roleArn,
      Input: JSON.stringify(start),
      // A start delayed by an outage still happens (the handler checks the campaign is due and still scheduled).
      RetryPolicy: { MaximumEventAgeInSeconds: 86_400, MaximumRetryAttempts: 185 },
    },
  }
}

/** Creates the campaign's one-time schedule, or moves it when one exists. */
export async function putCampaignSchedule(
  start: ScheduledStart,
  at: string,
  timeZone: string,
): Promise<void> {
  const input = scheduleInput(start, at, timeZone)
  try {
    await scheduler().send(new CreateScheduleCommand(input))
  } catch (error) {
    if (!(error instanceof ConflictException)) throw error
    await scheduler().send(new UpdateScheduleCommand(input))
  }
}

/** Deletes the campaign's schedule; one that already ran (and deleted itself) or never existed is fine. */
export async function deleteCampaignSchedule(campaignId: string): Promise<void> {
  try {
    await scheduler().send(
      new DeleteScheduleCommand({ Name: scheduleName(campaignId), GroupName: schedulingEnv().group }),
    )
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error
  }
}

/**
 * The schedule's handler: starts the campaign if it is SCHEDULED and due. Fired early (the time was moved after
 * the schedule was made, and the event moving it is still on its way), it puts the schedule at the campaign's
 * time again.
 */
export async function runCampaignSchedule(start: ScheduledStart, log?: Logger, now = new Date()) {
  const outcome = await startScheduledCampaign(start.orgId, start.campaignId, now)
  if (outcome === 'not_due') {
    const record = await getCampaign(start.orgId, start.campaignId)
    if (record?.status === 'SCHEDULED' && record.schedule)
      await putCampaignSchedule(start, record.schedule.at, record.schedule.timeZone)
  }
  log?.info('campaigns.schedule_ran', { ...start, outcome })
  return outcome
}

/** Keeps each campaign's schedule in step with its state. */
export const campaignScheduleSubscribers = [
  on('campaign.scheduled', 'campaigns.put_schedule', async (event) => {
    if (!event.organizationId) return
    const { campaignId } = event.payload
    const record = await getCampaign(event.organizationId, campaignId)
    // Unscheduled (or sent) since: its own event deletes the schedule, nothing to make.
    if (record?.status !== 'SCHEDULED' || !record.schedule) return
    await putCampaignSchedule(
      { orgId: event.organizationId, campaignId },
      record.schedule.at,
      record.schedule.timeZone,
    )
  }),
  on('campaign.unscheduled', 'campaigns.delete_schedule', async (event) => {
    await deleteCampaignSchedule(event.payload.campaignId)
  }),
]
