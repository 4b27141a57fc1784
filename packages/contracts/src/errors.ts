/**
 * Every error the API can answer with, and its HTTP status. The body is always
 * `{ "error": { "code": "<dotted.code>", "message": "<human sentence>" } }`.
 */
export const ERROR_STATUS = {
  'request.invalid': 400,
  'request.invalid_json': 400,
  'request.too_large': 413,
  'request.unsupported_media_type': 415,
  'auth.unauthorized': 401,
  'auth.invalid_token': 400,
  'auth.password_policy': 400,
  'account.not_found': 404,
  'account.email_mismatch': 400,
  'account.suspended': 403,
  'organization.not_found': 404,
  'aws_account.not_found': 404,
  'aws_account.not_verified': 409,
  'aws_account.not_selected': 409,
  'aws_account.already_connected': 409,
  'email_identity.not_found': 404,
  'email_identity.exists': 409,
  'email_identity.not_verified': 409,
  'monitoring.not_enabled': 409,
  'ses_events.unknown_topic': 404,
  'aws.access_denied': 403,
  'aws.rejected': 422,
  'aws.throttled': 429,
  'aws.request_failed': 502,
  'organization.plan_not_selectable': 409,
  'permission.denied': 403,
  'plan.feature_locked': 403,
  'plan.actions_exhausted': 402,
  'version.conflict': 409,
  'template.not_found': 404,
  'template_version.not_found': 404,
  'template.name_exists': 409,
  'template.invalid': 400,
  'block.not_found': 404,
  'block.name_exists': 409,
  'block.invalid': 400,
  'block.in_use': 409,
  'job.not_found': 404,
  'ses.not_published': 404,
  'ses.changed_again': 409,
  'billing.subscription_exists': 409,
  'billing.no_customer': 409,
  'billing.provider_error': 502,
  'webhook.invalid_signature': 400,
  'route.not_found': 404,
  'rate.limited': 429,
  'internal.error': 500,
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
