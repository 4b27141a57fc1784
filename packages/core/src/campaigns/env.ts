import { ENV } from '@app/contracts'
import * as z from 'zod'

/** Campaigns' own configuration; each read on first use so routes that never need it never depend on it. */

/** The queues of the dispatch steps and of the send batches. */
export const campaignQueueUrl = (queue: 'dispatch' | 'send'): string =>
  z.url().parse(process.env[queue === 'dispatch' ? ENV.campaignDispatchQueueUrl : ENV.campaignSendQueueUrl])

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
