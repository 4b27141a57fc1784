export * as Accounts from './accounts/accounts'
export * as EmailVerification from './accounts/email-verification'
export * as PasswordReset from './accounts/password-reset'
export {
  type Actor,
  type ApiKeyActor,
  authorOf,
  requireUser,
  type SystemActor,
  systemActor,
  type TokenActor,
  type UserActor,
} from './actor'
export * as Contacts from './audience/contacts'
export * as AudienceJobs from './audience/jobs'
export * as SuppressionSchedule from './audience/suppression-schedule'
export * as SuppressionSync from './audience/suppression-sync'
export * as Topics from './audience/topics'
export * as Operators from './auth/operators'
export * as AwsAccounts from './aws-accounts/aws-accounts'
export * as EmailIdentities from './aws-accounts/identities'
export * as BillingAdmin from './billing/admin'
export * as Billing from './billing/billing'
export * as PriceChange from './billing/price-change'
export * as PlanPrices from './billing/prices'
export * as StripeWebhook from './billing/webhook'
export * as BlockJobs from './blocks/propagate'
export { coreEnv } from './env'
export { AppError } from './errors'
export * as Jobs from './jobs/jobs'
export * as JobRunner from './jobs/run'
export { createLogger, type Logger, redact } from './log'
export * as Migrations from './migrations/migrations'
export type { OrganizationContext } from './organizations/context'
export * as Organizations from './organizations/organizations'
export * as Permissions from './organizations/permissions'
export * as Purge from './purge/purge'
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
