import { ENV } from '@app/contracts'
import * as z from 'zod'

/** Campaigns' own configuration; each read on first use so routes that never need it never depend on it. */

const QUEUE_URLS = {
  dispatch: ENV.campaignDispatchQueueUrl,
  send: ENV.campaignSendQueueUrl,
  events: ENV.campaignEventsQueueUrl,
} as const

/** The queues of the dispatch steps, of the send batches and of the SES events to count. */
export const campaignQueueUrl = (queue: keyof typeof QUEUE_URLS): string =>
  z.url().parse(process.env[QUEUE_URLS[queue]])

const SchedulingEnvSchema = z.object({
  [ENV.campaignScheduleGroup]: z.string().min(1),
  [ENV.campaignSchedulerRoleArn]: z.string().min(1),
  [ENV.campaignScheduleTargetArn]: z.string().min(1),
})

/** EventBridge Scheduler: the campaigns' schedule group, the role Scheduler assumes and the schedules' target. */
export function schedulingEnv() {
  const env = SchedulingEnvSchema.parse(process.env)
  return {
    group: env[ENV.campaignScheduleGroup],
    roleArn: env[ENV.campaignSchedulerRoleArn],
    targetArn: env[ENV.campaignScheduleTargetArn],
  }
}
