export { Accounts, EmailVerification, PasswordReset } from './accounts/public'
export {
  type Actor,
  type ApiKeyActor,
  requireUser,
  type SystemActor,
  systemActor,
  type TokenActor,
  type UserActor,
} from './actor'
export { AudienceJobs, Contacts, SuppressionSchedule, SuppressionSync, Topics } from './audience/public'
export { Operators } from './auth/public'
export { AwsAccounts, EmailIdentities } from './aws-accounts/public'
export { Billing, BillingAdmin, PlanPrices, PriceChange, StripeWebhook } from './billing/public'
export * as BlockJobs from './blocks/propagate'
export {
  CampaignActionJobs,
  CampaignPreflight,
  CampaignReports,
  Campaigns,
  CampaignTestSend,
} from './campaigns/public'
export { coreEnv } from './env'
export { AppError } from './errors'
export { JobRunner, Jobs } from './jobs/public'
export { createLogger, type Logger, redact } from './log'
export { Migrations } from './migrations/public'
export type { OrganizationContext } from './organizations/public'
export { Organizations, Permissions } from './organizations/public'
export { Purge } from './purge/public'
export * as SesEvents from './ses-monitoring/events'
export * as Monitoring from './ses-monitoring/monitoring'
export * as MonitoringReports from './ses-monitoring/reports'
export * as SesDrift from './ses-sync/drift'
export * as SesJobs from './ses-sync/ses-jobs'
export * as SesSync from './ses-sync/ses-sync'
export * as Blocks from './templates/blocks'
export * as TemplateDeletion from './templates/delete'
export * as TemplateList from './templates/list'
export * as Templates from './templates/templates'
export * as TestSends from './templates/test-send'
export * as TemplateVersions from './templates/versions'
