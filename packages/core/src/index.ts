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
export { BlockJobs } from './blocks/public'
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
export { Monitoring, MonitoringReports, SesEvents } from './ses-monitoring/public'
export { SesDrift, SesJobs, SesSync } from './ses-sync/public'
export {
  Blocks,
  TemplateDeletion,
  TemplateList,
  Templates,
  TemplateVersions,
  TestSends,
} from './templates/public'
