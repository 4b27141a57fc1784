import { AcceptedSchema } from '../auth/flows'
import { type RouteDefinition, route } from '../route-definition'
import { AccountSchema, CreateAccountBodySchema, UpdateAccountBodySchema } from './schemas'

/** The signed-in user's own account. */
export const accountRoutes = {
  getAccount: route({
    method: 'GET',
    path: '/api/account',
    group: 'account',
    summary: 'The signed-in account with its organizations',
    auth: 'user',
    allowSuspended: true,
    response: AccountSchema,
    errors: ['account.not_found'],
    status: 200,
  }),
  createAccount: route({
    method: 'POST',
    path: '/api/account',
    group: 'account',
    summary: 'Create the account (and its first organization) on first sign-in; idempotent',
    auth: 'user',
    allowSuspended: true,
    body: CreateAccountBodySchema,
    response: AccountSchema,
    errors: ['account.email_mismatch'],
    status: 201,
  }),
  updateAccount: route({
    method: 'PATCH',
    path: '/api/account',
    group: 'account',
    summary: 'Change selection, name, picture or product-update marker',
    auth: 'user',
    body: UpdateAccountBodySchema,
    response: AccountSchema,
    errors: ['account.not_found', 'organization.not_found', 'aws_account.not_found'],
    status: 200,
  }),
  deleteAccount: route({
    method: 'DELETE',
    path: '/api/account',
    group: 'account',
    summary: 'Delete the account, its sign-in and organizations it alone owns',
    auth: 'user',
    allowSuspended: true,
    errors: ['account.not_found'],
    status: 204,
  }),
  sendEmailVerification: route({
    method: 'POST',
    path: '/api/account/email-verification',
    group: 'account',
    summary: 'Send (again) the message that verifies the account email',
    auth: 'user',
    response: AcceptedSchema,
    errors: ['account.not_found'],
    status: 202,
  }),
} as const satisfies Record<string, RouteDefinition>
