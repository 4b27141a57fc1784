import { type RouteDefinition, route } from '../route-definition'
import {
  AcceptedSchema,
  ConfirmEmailVerificationBodySchema,
  ConfirmPasswordResetBodySchema,
  RequestPasswordResetBodySchema,
} from './flows'

/** The public auth flows: password reset and email verification by the token of a link we mailed. */
export const authRoutes = {
  requestPasswordReset: route({
    method: 'POST',
    path: '/api/auth/password-resets',
    group: 'auth',
    summary: 'Email a password-reset link (answers the same whether or not the address exists)',
    auth: 'none',
    body: RequestPasswordResetBodySchema,
    response: AcceptedSchema,
    status: 202,
  }),
  confirmPasswordReset: route({
    method: 'POST',
    path: '/api/auth/password-resets/confirm',
    group: 'auth',
    summary: 'Set a new password with the token from a reset link',
    auth: 'token',
    proof: 'password_reset',
    body: ConfirmPasswordResetBodySchema,
    errors: ['auth.invalid_token', 'auth.password_policy'],
    status: 204,
  }),
  confirmEmailVerification: route({
    method: 'POST',
    path: '/api/auth/email-verifications/confirm',
    group: 'auth',
    summary: 'Mark the account email verified with the token from a verification link',
    auth: 'token',
    proof: 'email_verification',
    body: ConfirmEmailVerificationBodySchema,
    errors: ['auth.invalid_token'],
    status: 204,
  }),
} as const satisfies Record<string, RouteDefinition>
