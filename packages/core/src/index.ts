export * as Accounts from './accounts/accounts'
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
export * as EmailVerification from './auth/email-verification'
export * as Operators from './auth/operators'
export * as PasswordReset from './auth/password-reset'
export * as AwsAccounts from './aws-accounts/aws-accounts'
export * as EmailIdentities from './aws-accounts/identities'
export * as TestSends from './aws-accounts/test-send'
export * as BillingAdmin from './billing/admin'
export * as Billing from './billing/billing'
export * as PlanPrices from './billing/prices'
export * as StripeWebhook from './billing/webhook'
export * as Blocks from './blocks/blocks'
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
export * as TemplateList from './templates/list'
export * as Templates from './templates/templates'
export * as TemplateVersions from './templates/versions'
