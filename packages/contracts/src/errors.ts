import { ACCOUNT_ERROR_STATUS } from './account/errors'
import { API_KEY_ERROR_STATUS } from './api-keys/errors'
import { AUDIENCE_ERROR_STATUS } from './audience/errors'
import { SUPPRESSION_SYNC_ERROR_STATUS } from './audience/suppression-sync-errors'
import { TRANSFER_ERROR_STATUS } from './audience/transfer-errors'
import { UNSUBSCRIBE_ERROR_STATUS } from './audience/unsubscribe-errors'
import { AUTH_ERROR_STATUS } from './auth/errors'
import { AWS_ACCOUNT_ERROR_STATUS } from './aws-accounts/errors'
import { BILLING_ERROR_STATUS } from './billing/errors'
import { BLOCK_ERROR_STATUS } from './blocks/errors'
import { CAMPAIGN_ERROR_STATUS } from './campaigns/errors'
import { EMAIL_IDENTITY_ERROR_STATUS } from './email-identities/errors'
import { JOB_ERROR_STATUS } from './jobs/errors'
import { ORGANIZATION_ERROR_STATUS } from './organizations/errors'
import { SES_MONITORING_ERROR_STATUS } from './ses-monitoring/errors'
import { SES_SYNC_ERROR_STATUS } from './ses-sync/errors'
import { TEAM_ERROR_STATUS } from './teams/errors'
import { TEMPLATE_ERROR_STATUS } from './templates/errors'
import { WEBHOOK_ERROR_STATUS } from './webhooks/errors'

/** Errors of no one domain: the request itself, permissions, plans, concurrency, the platform. */
const COMMON_ERROR_STATUS = {
  'request.invalid': 400,
  'request.invalid_json': 400,
  'request.too_large': 413,
  'request.unsupported_media_type': 415,
  'permission.denied': 403,
  'plan.feature_locked': 403,
  'plan.actions_exhausted': 402,
  'version.conflict': 409,
  'webhook.invalid_signature': 400,
  'route.not_found': 404,
  'route.method_not_allowed': 405,
  'rate.limited': 429,
  /** An `Idempotency-Key` sent again while its first call is still running. */
  'idempotency.in_progress': 409,
  /** An `Idempotency-Key` sent again with another request than its first. */
  'idempotency.key_reused': 422,
  'internal.error': 500,
} as const

/**
 * Each domain's error codes, from its folder's `errors.ts` (a new domain adds its own). A code belongs to one
 * domain only; `routes.test.ts` checks that none is defined twice.
 */
export const DOMAIN_ERROR_STATUS = [
  COMMON_ERROR_STATUS,
  AUTH_ERROR_STATUS,
  ACCOUNT_ERROR_STATUS,
  ORGANIZATION_ERROR_STATUS,
  API_KEY_ERROR_STATUS,
  TEAM_ERROR_STATUS,
  AWS_ACCOUNT_ERROR_STATUS,
  EMAIL_IDENTITY_ERROR_STATUS,
  SES_MONITORING_ERROR_STATUS,
  TEMPLATE_ERROR_STATUS,
  BLOCK_ERROR_STATUS,
  JOB_ERROR_STATUS,
  SES_SYNC_ERROR_STATUS,
  BILLING_ERROR_STATUS,
  AUDIENCE_ERROR_STATUS,
  SUPPRESSION_SYNC_ERROR_STATUS,
  TRANSFER_ERROR_STATUS,
  UNSUBSCRIBE_ERROR_STATUS,
  CAMPAIGN_ERROR_STATUS,
  WEBHOOK_ERROR_STATUS,
] as const

/**
 * Every error the API can answer with, and its HTTP status. The body is always
 * `{ "error": { "code": "<dotted.code>", "message": "<human sentence>" } }`.
 */
export const ERROR_STATUS = {
  ...COMMON_ERROR_STATUS,
  ...AUTH_ERROR_STATUS,
  ...ACCOUNT_ERROR_STATUS,
  ...ORGANIZATION_ERROR_STATUS,
  ...API_KEY_ERROR_STATUS,
  ...TEAM_ERROR_STATUS,
  ...AWS_ACCOUNT_ERROR_STATUS,
  ...EMAIL_IDENTITY_ERROR_STATUS,
  ...SES_MONITORING_ERROR_STATUS,
  ...TEMPLATE_ERROR_STATUS,
  ...BLOCK_ERROR_STATUS,
  ...JOB_ERROR_STATUS,
  ...SES_SYNC_ERROR_STATUS,
  ...BILLING_ERROR_STATUS,
  ...AUDIENCE_ERROR_STATUS,
  ...SUPPRESSION_SYNC_ERROR_STATUS,
  ...TRANSFER_ERROR_STATUS,
  ...UNSUBSCRIBE_ERROR_STATUS,
  ...CAMPAIGN_ERROR_STATUS,
  ...WEBHOOK_ERROR_STATUS,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

/** Where a refused template is wrong (`template.invalid`): one entry per blocking problem. */
export interface ErrorIssue {
  message: string
  /** The linter's rule id (`handlebars.syntax`, `mjml.invalid`, `size.ses_limit` …). */
  rule?: string
  part?: 'subject' | 'html' | 'text'
  /** 1-based, in what the author edits (the MJML source for MJML templates). */
  line?: number
  column?: number
  /** VISUAL templates: where in the document (`blocks.2.href`) and the block it is in. */
  path?: string
  blockId?: string
}

/**
 * `code` and `message` always; two codes add what the caller needs to act:
 * - `version.conflict`: `currentVersion`, the version the resource is at now (reload, or re-apply on top of it);
 * - `template.invalid`: `issues`, every blocking problem with its line and column;
 * - `block.in_use`: `templates`, the templates whose current version uses the block (`id`, `name`);
 * - `aws_account.already_connected`: `awsAccount`, the organization's connection that already reaches that AWS
 *   account and region (`id`, `name`).
 */
export interface ErrorBody {
  error: {
    code: ErrorCode | string
    message: string
    currentVersion?: number
    issues?: ErrorIssue[]
    templates?: { id: string; name: string }[]
    awsAccount?: { id: string; name: string }
  }
}

/** The optional fields of `ErrorBody['error']` an `AppError` may carry. */
export type ErrorDetails = Pick<ErrorBody['error'], 'currentVersion' | 'issues' | 'templates' | 'awsAccount'>

export function statusForError(code: string): number {
  return (ERROR_STATUS as Record<string, number>)[code] ?? 500
}
