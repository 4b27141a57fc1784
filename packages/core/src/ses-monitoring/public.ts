/**
 * What the functions and other domains use of SES monitoring (logs and metrics in a customer's account).
 */
/** SES events posted by SNS (`SesEvents.…` in the ses-events function). */
export * as SesEvents from './events'
/** Turning logs and metrics on and off (`Monitoring.…` in the ses-monitoring function). */
export * as Monitoring from './monitoring'
/** Logs and metrics (`MonitoringReports.…` in the ses-monitoring function). */
export * as MonitoringReports from './reports'
/** What SES monitoring does when other domains report something (collected in `event-subscribers.ts`). */
export { sesMonitoringSubscribers } from './subscribers'
