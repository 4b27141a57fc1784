/**
 * Functions the platform runs on a clock: on AWS an EventBridge rule invokes each (`infra/lib/schedules.ts`),
 * locally a timer in `npm start` calls the same handler (`local-stack/src/events/schedule-runner.ts`). One
 * definition for both.
 */
export const SCHEDULES = {
  /** Reads every enrolled AWS account's SES suppression list into its organization's (core's suppression-schedule). */
  suppressionSync: {
    worker: 'suppression-sync-schedule',
    /** EventBridge's expression: daily at 04:17 UTC (away from the top of the hour). */
    expression: 'cron(17 4 * * ? *)',
    /** The same period for the local timer. */
    everyMs: 24 * 3600_000,
    timeoutSeconds: 300,
  },
} as const

export type ScheduleName = keyof typeof SCHEDULES
