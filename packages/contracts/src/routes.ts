import type { z } from 'zod'
import {
  AccountSchema,
  CreateAccountBodySchema,
  OrganizationSummarySchema,
  UpdateAccountBodySchema,
} from './account'
import {
  AcceptedSchema,
  ConfirmEmailVerificationBodySchema,
  ConfirmPasswordResetBodySchema,
  RequestPasswordResetBodySchema,
} from './auth-flows'
import {
  AwsAccountIdParamsSchema,
  AwsAccountListSchema,
  AwsAccountQuerySchema,
  AwsAccountSchema,
  CreateAwsAccountBodySchema,
  CreateEmailIdentityBodySchema,
  EmailIdentityListSchema,
  EmailIdentityParamsSchema,
  EmailIdentitySchema,
  LeaveSandboxBodySchema,
  SesAccountStatusSchema,
  TemplateTestBodySchema,
  TemplateTestResultSchema,
  UpdateAwsAccountBodySchema,
} from './aws-accounts'
import {
  AdminInvoiceListSchema,
  BillingSchema,
  CreateCheckoutSessionBodySchema,
  CreateCustomerPortalBodySchema,
  InvoiceListQuerySchema,
  InvoiceListSchema,
  MonthRangeQuerySchema,
  OrganizationIdQuerySchema,
  PlanPricesSchema,
  PriceSyncResultSchema,
  RedirectSchema,
  UpdateBillingBodySchema,
} from './billing'
import { IdParamsSchema } from './ids'
import { CreateOrganizationBodySchema, UpdateOrganizationBodySchema } from './organizations'
import type { Feature } from './plans'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One Lambda per endpoint group: `functions/src/http/<group>.ts`. */
export const ENDPOINT_GROUPS = [
  'account',
  'organizations',
  'auth',
  'docs',
  'monitoring',
  'payments',
  'stripe-webhook',
  'admin',
  'aws-accounts',
  'email-identities',
  'templates',
] as const
export type EndpointGroup = (typeof ENDPOINT_GROUPS)[number]

export interface RouteDefinition {
  method: HttpMethod
  /** API Gateway path syntax: `/api/organizations/{id}`. */
  path: string
  group: EndpointGroup
  summary: string
  /** Public routes skip the JWT authorizer and verify their own proof (or need none). */
  public: boolean
  /** Plan capability the route belongs to; the gating middleware refuses plans that lack it. */
  feature?: Feature
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  response?: z.ZodType
  /** Success status; 204 routes answer without a body. */
  status: 200 | 201 | 202 | 204
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

function route<const R extends RouteDefinition>(definition: R): R {
  return definition
}

export const routes = {
  getAccount: route({
    method: 'GET',
    path: '/api/account',
    group: 'account',
    summary: 'The signed-in account with its organizations',
    public: false,
    allowSuspended: true,
    response: AccountSchema,
    status: 200,
  }),
  createAccount: route({
    method: 'POST',
    path: '/api/account',
    group: 'account',
    summary: 'Create the account (and its first organization) on first sign-in; idempotent',
    public: false,
    allowSuspended: true,
    body: CreateAccountBodySchema,
    response: AccountSchema,
    status: 201,
  }),
  updateAccount: route({
    method: 'PATCH',
    path: '/api/account',
    group: 'account',
    summary: 'Change selection, name, picture or product-update marker',
    public: false,
    body: UpdateAccountBodySchema,
    response: AccountSchema,
    status: 200,
  }),
  deleteAccount: route({
    method: 'DELETE',
    path: '/api/account',
    group: 'account',
    summary: 'Delete the account, its sign-in and organizations it alone owns',
    public: false,
    allowSuspended: true,
    status: 204,
  }),
  sendEmailVerification: route({
    method: 'POST',
    path: '/api/account/email-verification',
    group: 'account',
    summary: 'Send (again) the message that verifies the account email',
    public: false,
    response: AcceptedSchema,
    status: 202,
  }),
  createOrganization: route({
    method: 'POST',
    path: '/api/organizations',
    group: 'organizations',
    summary: 'Create an organization owned by the caller',
    public: false,
    body: CreateOrganizationBodySchema,
    response: OrganizationSummarySchema,
    status: 201,
  }),
  updateOrganization: route({
    method: 'PATCH',
    path: '/api/organizations/{id}',
    group: 'organizations',
    summary: 'Rename an organization or choose the free START plan',
    public: false,
    params: IdParamsSchema,
    body: UpdateOrganizationBodySchema,
    response: OrganizationSummarySchema,
    status: 200,
  }),
  deleteOrganization: route({
    method: 'DELETE',
    path: '/api/organizations/{id}',
    group: 'organizations',
    summary: 'Delete an organization and everything it owns (owner only)',
    public: false,
    params: IdParamsSchema,
    status: 204,
  }),
  acknowledgePriceChange: route({
    method: 'POST',
    path: '/api/organizations/{id}/price-change-notice/acknowledgement',
    group: 'organizations',
    summary: "Acknowledge the notice of a price change to the organization's plan (owner or admin)",
    public: false,
    params: IdParamsSchema,
    status: 204,
  }),
  createCheckoutSession: route({
    method: 'POST',
    path: '/api/payments/checkout-sessions',
    group: 'payments',
    summary: 'Start a Stripe Checkout for a paid plan; answers the URL to send the browser to',
    public: false,
    body: CreateCheckoutSessionBodySchema,
    response: RedirectSchema,
    status: 201,
  }),
  createCustomerPortal: route({
    method: 'POST',
    path: '/api/payments/customer-portals',
    group: 'payments',
    summary: "Open Stripe's customer portal (change plan, payment method, cancel); answers its URL",
    public: false,
    body: CreateCustomerPortalBodySchema,
    response: RedirectSchema,
    status: 201,
  }),
  listInvoices: route({
    method: 'GET',
    path: '/api/payments/invoices',
    group: 'payments',
    summary: "The organization's invoices, newest first, with hosted and PDF links",
    public: false,
    query: InvoiceListQuerySchema,
    response: InvoiceListSchema,
    status: 200,
  }),
  getBilling: route({
    method: 'GET',
    path: '/api/payments/billing',
    group: 'payments',
    summary: 'Billing details kept in Stripe (company, address, tax id, billing email) and the subscription',
    public: false,
    query: OrganizationIdQuerySchema,
    response: BillingSchema,
    status: 200,
  }),
  updateBilling: route({
    method: 'PATCH',
    path: '/api/payments/billing',
    group: 'payments',
    summary: 'Change billing details (owner or admin)',
    public: false,
    query: OrganizationIdQuerySchema,
    body: UpdateBillingBodySchema,
    response: BillingSchema,
    status: 200,
  }),
  receiveStripeEvent: route({
    method: 'POST',
    path: '/api/payments/webhook',
    group: 'stripe-webhook',
    summary:
      'Stripe webhook: verifies the Stripe-Signature header on the raw body, then syncs the subscription',
    public: true,
    status: 204,
    rawBody: { contentTypes: ['application/json'] },
    maxBodyBytes: 512 * 1024,
  }),
  listAdminInvoices: route({
    method: 'GET',
    path: '/api/admin/invoices',
    group: 'admin',
    summary: 'Every invoice in a date range across organizations, each with its PDF link (admins)',
    public: false,
    admin: true,
    query: MonthRangeQuerySchema,
    response: AdminInvoiceListSchema,
    status: 200,
  }),
  getInvoicesReport: route({
    method: 'GET',
    path: '/api/admin/reports/invoices',
    group: 'admin',
    summary: 'Every invoice in a date range as CSV (admins)',
    public: false,
    admin: true,
    query: MonthRangeQuerySchema,
    produces: 'text/csv',
    status: 200,
  }),
  getPlanPrices: route({
    method: 'GET',
    path: '/api/admin/plan-prices',
    group: 'admin',
    summary: "The catalogue's plan prices next to the Stripe prices found by lookup key (admins)",
    public: false,
    admin: true,
    response: PlanPricesSchema,
    status: 200,
  }),
  syncPlanPrices: route({
    method: 'POST',
    path: '/api/admin/plan-prices/sync',
    group: 'admin',
    summary:
      'Create missing Stripe prices and move subscribers of changed ones at their next renewal, with notices (admins)',
    public: false,
    admin: true,
    response: PriceSyncResultSchema,
    status: 200,
  }),
  listAwsAccounts: route({
    method: 'GET',
    path: '/api/aws-accounts',
    group: 'aws-accounts',
    summary: "The organization's connected AWS accounts (never any secret)",
    public: false,
    query: OrganizationIdQuerySchema,
    response: AwsAccountListSchema,
    status: 200,
  }),
  createAwsAccount: route({
    method: 'POST',
    path: '/api/aws-accounts',
    group: 'aws-accounts',
    summary:
      'Connect an AWS account by cross-account role (ExternalId) or access keys; keys are checked at once',
    public: false,
    query: OrganizationIdQuerySchema,
    body: CreateAwsAccountBodySchema,
    response: AwsAccountSchema,
    status: 201,
  }),
  updateAwsAccount: route({
    method: 'PATCH',
    path: '/api/aws-accounts/{id}',
    group: 'aws-accounts',
    summary: 'Rename, change region, paste the role ARN, rotate keys or check again',
    public: false,
    params: AwsAccountIdParamsSchema,
    body: UpdateAwsAccountBodySchema,
    response: AwsAccountSchema,
    status: 200,
  }),
  deleteAwsAccount: route({
    method: 'DELETE',
    path: '/api/aws-accounts/{id}',
    group: 'aws-accounts',
    summary: 'Forget an AWS account and its credentials (nothing is changed in that account)',
    public: false,
    params: AwsAccountIdParamsSchema,
    status: 204,
  }),
  getAwsAccountStatus: route({
    method: 'GET',
    path: '/api/aws-accounts/{id}/status',
    group: 'aws-accounts',
    summary: 'Live SES account status: sandbox, sending, enforcement, quotas, identities, suppression list',
    public: false,
    params: AwsAccountIdParamsSchema,
    response: SesAccountStatusSchema,
    status: 200,
  }),
  leaveSandbox: route({
    method: 'POST',
    path: '/api/aws-accounts/{id}/leave-sandbox',
    group: 'aws-accounts',
    summary: 'Ask AWS for SES production access (PutAccountDetails); answers the status with the review',
    public: false,
    params: AwsAccountIdParamsSchema,
    body: LeaveSandboxBodySchema,
    response: SesAccountStatusSchema,
    status: 200,
  }),
  getCustomerRoleTemplate: route({
    method: 'GET',
    path: '/api/aws-accounts/customer-role-template',
    group: 'aws-accounts',
    summary: 'The CloudFormation template of the cross-account role customers deploy',
    public: true,
    status: 200,
  }),
  listEmailIdentities: route({
    method: 'GET',
    path: '/api/email-identities',
    group: 'email-identities',
    summary: "Email addresses and domains of the AWS account's SES, with verification and DKIM state",
    public: false,
    query: AwsAccountQuerySchema,
    response: EmailIdentityListSchema,
    status: 200,
  }),
  createEmailIdentity: route({
    method: 'POST',
    path: '/api/email-identities',
    group: 'email-identities',
    summary: 'Add an email address (SES mails a verification link) or a domain (publish the DKIM records)',
    public: false,
    body: CreateEmailIdentityBodySchema,
    response: EmailIdentitySchema,
    status: 201,
  }),
  deleteEmailIdentity: route({
    method: 'DELETE',
    path: '/api/email-identities/{id}',
    group: 'email-identities',
    summary: 'Delete an identity from the AWS account’s SES',
    public: false,
    params: EmailIdentityParamsSchema,
    query: AwsAccountQuerySchema,
    status: 204,
  }),
  sendTemplateTest: route({
    method: 'POST',
    path: '/api/templates/tests',
    group: 'templates',
    summary: "Send content as a test email through the organization's own SES (costs no template action)",
    public: false,
    body: TemplateTestBodySchema,
    response: TemplateTestResultSchema,
    status: 201,
  }),
  requestPasswordReset: route({
    method: 'POST',
    path: '/api/auth/password-resets',
    group: 'auth',
    summary: 'Email a password-reset link (answers the same whether or not the address exists)',
    public: true,
    body: RequestPasswordResetBodySchema,
    response: AcceptedSchema,
    status: 202,
  }),
  confirmPasswordReset: route({
    method: 'POST',
    path: '/api/auth/password-resets/confirm',
    group: 'auth',
    summary: 'Set a new password with the token from a reset link',
    public: true,
    body: ConfirmPasswordResetBodySchema,
    status: 204,
  }),
  confirmEmailVerification: route({
    method: 'POST',
    path: '/api/auth/email-verifications/confirm',
    group: 'auth',
    summary: 'Mark the account email verified with the token from a verification link',
    public: true,
    body: ConfirmEmailVerificationBodySchema,
    status: 204,
  }),
  getOpenApi: route({
    method: 'GET',
    path: '/api/openapi.json',
    group: 'docs',
    summary: 'This API described as OpenAPI 3.1',
    public: true,
    status: 200,
  }),
  forwardMonitoringEnvelope: route({
    method: 'POST',
    // The spec's tunnel path: outside /api, served by its own CloudFront behaviour and local proxy.
    path: MONITORING_TUNNEL_PATH,
    group: 'monitoring',
    summary:
      "The browser's monitoring tunnel: a Sentry envelope for this deployment's own DSN, forwarded to Sentry",
    public: true,
    status: 204,
    rawBody: { contentTypes: MONITORING_ENVELOPE_CONTENT_TYPES },
    maxBodyBytes: 1024 * 1024,
  }),
} as const satisfies Record<string, RouteDefinition>

export type RouteId = keyof typeof routes
export const ROUTE_LIST = Object.entries(routes).map(([id, definition]) => ({
  id: id as RouteId,
  ...(definition as RouteDefinition),
}))
export type RouteEntry = (typeof ROUTE_LIST)[number]

export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`
}

export function routesOfGroup(group: EndpointGroup): RouteEntry[] {
  return ROUTE_LIST.filter((entry) => entry.group === group)
}

/** Fill `{param}` placeholders: `buildPath('/api/organizations/{id}', { id })`. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(value)
  })
}

export type RouteBody<R extends RouteDefinition> = R['body'] extends z.ZodType
  ? z.input<R['body']>
  : undefined
export type RouteQuery<R extends RouteDefinition> = R['query'] extends z.ZodType
  ? z.input<R['query']>
  : undefined
export type RouteResponse<R extends RouteDefinition> = R['response'] extends z.ZodType
  ? z.output<R['response']>
  : undefined
