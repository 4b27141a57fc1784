import { AwsAccountQuerySchema } from '../aws-accounts/schemas'
import { AWS_ERRORS, ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import {
  CreateEmailIdentityBodySchema,
  EmailIdentityListSchema,
  EmailIdentityParamsSchema,
  EmailIdentitySchema,
} from './schemas'

/** The email addresses and domains of a connected AWS account's SES. */
export const emailIdentityRoutes = {
  listEmailIdentities: route({
    method: 'GET',
    path: '/api/email-identities',
    group: 'email-identities',
    summary: "Email addresses and domains of the AWS account's SES, with verification and DKIM state",
    auth: 'user',
    permission: 'organization.read',
    organization: { in: 'query', key: 'awsAccountId', owner: 'awsAccount' },
    query: AwsAccountQuerySchema,
    response: EmailIdentityListSchema,
    errors: [...ORGANIZATION_ERRORS, 'aws_account.not_found', 'aws_account.not_verified', ...AWS_ERRORS],
    status: 200,
  }),
  createEmailIdentity: route({
    method: 'POST',
    path: '/api/email-identities',
    group: 'email-identities',
    summary: 'Add an email address (SES mails a verification link) or a domain (publish the DKIM records)',
    auth: 'user',
    permission: 'content.write',
    organization: { in: 'body', key: 'awsAccountId', owner: 'awsAccount' },
    body: CreateEmailIdentityBodySchema,
    response: EmailIdentitySchema,
    errors: [
      ...ORGANIZATION_ERRORS,
      'aws_account.not_found',
      'aws_account.not_verified',
      'email_identity.exists',
      ...AWS_ERRORS,
    ],
    status: 201,
  }),
  deleteEmailIdentity: route({
    method: 'DELETE',
    path: '/api/email-identities/{id}',
    group: 'email-identities',
    summary: 'Delete an identity from the AWS account’s SES',
    auth: 'user',
    permission: 'content.write',
    organization: { in: 'query', key: 'awsAccountId', owner: 'awsAccount' },
    params: EmailIdentityParamsSchema,
    query: AwsAccountQuerySchema,
    errors: [
      ...ORGANIZATION_ERRORS,
      'aws_account.not_found',
      'aws_account.not_verified',
      'email_identity.not_found',
      ...AWS_ERRORS,
    ],
    status: 204,
  }),
} as const satisfies Record<string, RouteDefinition>
