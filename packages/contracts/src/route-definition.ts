import type { z } from 'zod'
import type { ApiScope } from './api-keys/scopes'
import type { ErrorCode } from './errors'
import type { Feature } from './offerings'
import type { Permission } from './permissions'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One Lambda per endpoint group: `functions/src/http/<group>.ts`. */
export const ENDPOINT_GROUPS = [
  'account',
  'organizations',
  'auth',
  'docs',
  // The browser's Sentry tunnel (`POST /monitoring`); SES logs and metrics are `ses-monitoring`.
  'error-tunnel',
  'billing',
  'stripe-webhook',
  'admin',
  'aws-accounts',
  'email-identities',
  'templates',
  'blocks',
  'ses-monitoring',
  'ses-events',
  'ses-sync',
  'jobs',
  'topics',
  'contacts',
  'suppression',
  'contact-transfer',
  // The public unsubscribe, preference and one-click calls (never plan-gated).
  'unsubscribe',
  'campaigns',
  // Campaign reports: counts, compare, the contact CSVs, the audience actions, per-template analytics.
  'campaign-reports',
  // What a campaign is checked with before sending: the pre-flight and test sends.
  'campaign-checks',
  // Outgoing webhooks: endpoints, secrets, test events, the delivery log, redelivery.
  'webhooks',
  // The public API's campaigns (`/api/v1/campaigns`) and transactional sends (`/api/v1/emails`): API keys only.
  'public-campaigns',
  'public-emails',
  // The public API's contacts (`/api/v1/contacts`) and topics (`/api/v1/topics`): API keys only.
  'public-audience',
  // The organization's API keys, managed in the dashboard (list, create, rename, rotate, revoke).
  'api-keys',
  'teams',
  // The audit log: browse and export who did what (owners and admins).
  'audit-log',
] as const
export type EndpointGroup = (typeof ENDPOINT_GROUPS)[number]

/**
 * How a route authenticates its caller: `user` (the Cognito ID token, checked by API Gateway's JWT authorizer),
 * `apiKey` (an organization's API key, checked by the function), `token` (a proof the call carries: an emailed
 * token, an SNS or Stripe signature; the function verifies it) or `none`.
 */
export type RouteAuth = 'user' | 'apiKey' | 'token' | 'none'
export const ROUTE_AUTHS = ['user', 'apiKey', 'token', 'none'] as const satisfies readonly RouteAuth[]

/** The callers a route may name in a list (`auth: ['user', 'apiKey']`): who presents a credential. */
export type CallerKind = 'user' | 'apiKey'
export const CALLER_KINDS = ['user', 'apiKey'] as const satisfies readonly CallerKind[]

/** One kind, or the callers a route accepts (the function tells them apart by the credential presented). */
export type RouteAuthSpec = RouteAuth | readonly CallerKind[]

/** The callers a route accepts: none for `token` and `none` routes. */
export function callerKinds(route: Pick<RouteDefinition, 'auth'>): readonly CallerKind[] {
  if (typeof route.auth !== 'string') return route.auth
  return route.auth === 'user' || route.auth === 'apiKey' ? [route.auth] : []
}

export function acceptsCaller(route: Pick<RouteDefinition, 'auth'>, kind: CallerKind): boolean {
  return callerKinds(route).includes(kind)
}

/** Proofs a `token` route verifies. */
export type TokenProof = 'password_reset' | 'email_verification' | 'sns' | 'stripe' | 'unsubscribe' | 'sync'

/** Resources whose owner pointer names their organization (`TEMPLATE#id/OWNER`, `AWSACCOUNT#id/OWNER`). */
export type OwnedResource = 'template' | 'awsAccount'

/**
 * Routes API Gateway's JWT authorizer checks: those of signed-in users only. A route that also accepts API keys
 * is open there (the authorizer would refuse the key) and its function verifies the ID token itself.
 */
export function usesJwtAuthorizer(route: Pick<RouteDefinition, 'auth'>): boolean {
  const kinds = callerKinds(route)
  return kinds.length === 1 && kinds[0] === 'user'
}

/**
 * Where the organization a call acts for comes from. The spec's calls name it (`organizationId` in the query or
 * body, or the path of `/api/organizations/{id}`); calls naming only a resource find it through the resource's
 * owner pointer (`owner`), and a missing or foreign resource answers that resource's 404.
 */
export type OrganizationSource = NamedOrganizationSource | KeyOrganizationSource

/**
 * The API key's own organization: public API routes (`/api/v1/…`, `auth: 'apiKey'`) never name one, the key
 * acts for the organization it belongs to.
 */
export interface KeyOrganizationSource {
  in: 'apiKey'
  key?: never
  owner?: never
  orSelected?: never
  notFound?: never
}

/** An organization the call names (its id, or a resource whose owner pointer names it). */
export interface NamedOrganizationSource {
  in: 'query' | 'body' | 'params'
  /** The field holding the organization id, or the resource id when `owner` is set. */
  key: string
  owner?: OwnedResource
  /** Without the field, the caller's selected organization (the test send's default). */
  orSelected?: true
  /**
   * The 404 a caller outside the organization gets when the call names a resource (the resource's own, so
   * other tenants' ids reveal nothing); `owner` sources default to their resource's.
   */
  notFound?: 'template.not_found' | 'aws_account.not_found' | 'job.not_found'
}

export interface RouteDefinition {
  method: HttpMethod
  /** API Gateway path syntax: `/api/organizations/{id}`. */
  path: string
  group: EndpointGroup
  summary: string
  /**
   * Only `user` routes pass API Gateway's JWT authorizer; the others verify their own proof (or need none). A list
   * (`['user', 'apiKey']`) accepts either caller, told apart by the credential (see `functions/README.md`).
   */
  auth: RouteAuthSpec
  /** The proof a `token` route verifies. */
  proof?: TokenProof
  /** The role permission a call acting for an organization needs (checked once, by the middleware). */
  permission?: Permission
  /**
   * The scope an API key needs for this route (public API routes, `auth: 'apiKey'`); a key without it gets 403
   * `permission.denied`. The route's `permission` is the scope's (`API_SCOPES`).
   */
  scope?: ApiScope
  /** Where the organization comes from; required with `permission`. */
  organization?: OrganizationSource
  /** Plan capability the route belongs to; the gating middleware refuses plans that lack it. */
  feature?: Feature
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  response?: z.ZodType
  /**
   * Success status; 204 routes answer without a body; 302 routes redirect to the `location` their handler returns
   * (a same-site address, never one taken from the request).
   */
  status: 200 | 201 | 202 | 204 | 302
  /** A suspended account may still call this route (reading and deleting the account). */
  allowSuspended?: boolean
  /** Largest accepted request body in bytes (default `DEFAULT_MAX_BODY_BYTES`). */
  maxBodyBytes?: number
  /**
   * The body is not JSON: the handler gets it as text, unparsed, and only these content types are accepted
   * (415 otherwise). Excludes `body`.
   */
  rawBody?: { contentTypes: readonly string[] }
  /** Only operators may call it (Cognito group `admins` or the server's allow-list); enforced by the middleware. */
  admin?: boolean
  /** The success body is a file of this type (the handler returns `{ filename, content }`), not JSON. */
  produces?: 'text/csv'
  /**
   * The errors of the route's own domain it may answer (not found, conflicts, AWS or Stripe trouble …). The
   * OpenAPI document adds what every route of its kind can answer (`routeErrors`): invalid input, sign-in,
   * suspension, plan gating, rate limits, idempotency, internal errors.
   */
  errors?: readonly ErrorCode[]
  /**
   * At most `limit` calls per `windowSeconds` for each caller, organization or caller address (the pipeline's
   * rate-limit step, shared by every Lambda instance); past it, 429 `rate.limited` with `Retry-After`.
   */
  rateLimit?: RouteRateLimit
  /**
   * POST routes of a signed-in caller (or an API key): a call carrying an `Idempotency-Key` header answers the
   * first answer again for the same caller, route and key within 24 hours (`Idempotent-Replayed: true`), 422
   * `idempotency.key_reused` for another request under that key, 409 `idempotency.in_progress` while the first is
   * still running. See `functions/README.md`.
   */
  idempotent?: true
}

/** Whose calls a route's rate limit counts: the caller's (user or API key), the organization's, the address's. */
export type RateLimitPer = 'caller' | 'organization' | 'ip'

export interface RouteRateLimit {
  per: RateLimitPer
  limit: number
  windowSeconds: number
  /** Routes naming the same window count in it together (the public API: one window per key); else per route. */
  shared?: string
  /** `per: 'caller'`: an API key's own `rateLimitPerMinute` replaces `limit`, in a 60-second window. */
  keyLimit?: true
}

/**
 * Every public API route (`/api/v1/…`): one fixed window per key across the API, the key's own limit a minute
 * (600 unless set on the key).
 */
export const PUBLIC_API_RATE_LIMIT = {
  per: 'caller',
  limit: 600,
  windowSeconds: 60,
  shared: 'public-api',
  keyLimit: true,
} as const satisfies RouteRateLimit

/**
 * What every answer of a rate-limited route carries (the IETF RateLimit header fields draft): the limit of the
 * window, the calls left in it, the seconds until it ends; a 429 adds `Retry-After` (seconds).
 */
export const RATE_LIMIT_HEADERS = {
  limit: 'RateLimit-Limit',
  remaining: 'RateLimit-Remaining',
  reset: 'RateLimit-Reset',
  retryAfter: 'Retry-After',
} as const

/** The header naming an idempotent call, and the one marking a replayed answer. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed'
/** 1 to 255 printable ASCII characters (a UUID or ULID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7E]{1,255}$/
/** How long a first answer is replayed for its key. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60
export const IDEMPOTENCY_ERRORS = ['idempotency.in_progress', 'idempotency.key_reused'] as const

/** Errors of calls into the customer's AWS account (`toCustomerAwsError`). */
export const AWS_ERRORS = [
  'aws.access_denied',
  'aws.rejected',
  'aws.throttled',
  'aws.request_failed',
] as const
/** Calls acting for an organization the caller must belong to, with a role allowed to. */
export const ORGANIZATION_ERRORS = ['organization.not_found', 'permission.denied'] as const

/** Calls costing a START template action. */
export const ACTION_ERRORS = ['plan.actions_exhausted', 'rate.limited'] as const
/** Calls to the payment provider. */
export const BILLING_ERRORS = ['billing.provider_error'] as const

/** Every error a route may answer: its own (`errors`) and those of its kind, each once. */
export function routeErrors(route: RouteDefinition): ErrorCode[] {
  const codes: ErrorCode[] = ['request.invalid']
  if (route.body) codes.push('request.invalid_json', 'request.unsupported_media_type')
  if (route.rawBody) codes.push('request.unsupported_media_type')
  if (route.body || route.rawBody) codes.push('request.too_large')
  if (callerKinds(route).length > 0) codes.push('auth.unauthorized')
  if (acceptsCaller(route, 'user') && !route.allowSuspended) codes.push('account.suspended')
  if (route.admin) codes.push('permission.denied')
  if (route.permission) codes.push(...ORGANIZATION_ERRORS)
  if (route.feature) codes.push('plan.feature_locked', 'organization.not_found')
  if (route.rateLimit) codes.push('rate.limited')
  if (route.idempotent) codes.push(...IDEMPOTENCY_ERRORS)
  codes.push(...(route.errors ?? []), 'internal.error')
  return [...new Set(codes)]
}

/** The Cognito group whose members may call admin routes. */
export const ADMIN_GROUP = 'admins'

/** The browser's monitoring tunnel (spec §7 'Other traffic'): the one route outside /api. */
export const MONITORING_TUNNEL_PATH = '/monitoring'

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024
/** What the Sentry browser SDK sends to a tunnel (it uses text/plain to avoid a CORS preflight). */
export const MONITORING_ENVELOPE_CONTENT_TYPES = ['application/x-sentry-envelope', 'text/plain'] as const
/** API Gateway HTTP APIs refuse payloads over 10 MB before any Lambda runs. */
export const GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024

export function route<const R extends RouteDefinition>(definition: R): R {
  return definition
}

export function routeKey(route: { method: string; path: string }): string {
  return `${route.method} ${route.path}`
}

/** The `{name}` placeholders of a route path: `PathParamName<'/api/campaigns/{id}/links/{linkId}'>` is `'id' | 'linkId'`. */
export type PathParamName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never

/** Exactly the parameters a route path names, each a string (`{}` for a path without any). */
export type PathParams<P extends string> = { [Name in PathParamName<P>]: string }

/** Fill `{param}` placeholders: `buildPath('/api/organizations/{id}', { id })`. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(value)
  })
}
