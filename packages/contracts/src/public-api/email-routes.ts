import { AWS_ERRORS, ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import { SendEmailBodySchema, SendEmailResponseSchema } from './emails'
import { keyed } from './keyed'

/** Transactional email on the public API (issue 30), for the key's own organization. */
export const publicEmailRoutes = {
  sendPublicEmail: route({
    ...keyed('public-emails', 'transactional:send'),
    method: 'POST',
    path: '/api/v1/emails',
    summary:
      'Send one of the organization’s templates, filled from `data`, to 1–50 recipients (each its own message) through one of its AWS accounts; a suppressed address is refused in its own result',
    body: SendEmailBodySchema,
    response: SendEmailResponseSchema,
    errors: [
      ...ORGANIZATION_ERRORS,
      'aws_account.not_found',
      'email_identity.not_verified',
      'template.not_found',
      'transactional.missing_variables',
      ...AWS_ERRORS,
    ],
    status: 200,
    idempotent: true,
  }),
} as const satisfies Record<string, RouteDefinition>
