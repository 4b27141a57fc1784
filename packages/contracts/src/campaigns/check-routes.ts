import { AWS_ERRORS, ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import { CampaignTestSendBodySchema, CampaignTestSendResultSchema, PreflightSchema } from './preflight'
import { CampaignIdParamsSchema, CampaignQuerySchema } from './schemas'

const checks = {
  group: 'campaign-checks',
  auth: 'user',
  organization: { in: 'query', key: 'organizationId' },
  feature: 'campaigns',
} as const

/**
 * What a campaign is checked with before it is sent: the pre-flight and test sends (their own function: they
 * read the customer's SES account and render the message, which the campaigns function need not carry).
 */
export const campaignCheckRoutes = {
  getCampaignPreflight: route({
    ...checks,
    method: 'GET',
    path: '/api/campaigns/{id}/preflight',
    summary:
      'The pre-flight: recipient count, recipients missing template variables, refusals (unsubscribe link, postal address, identity), sandbox and suppression notes, the estimated duration and what today’s quota allows',
    permission: 'campaigns.read',
    params: CampaignIdParamsSchema,
    query: CampaignQuerySchema,
    response: PreflightSchema,
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found'],
    status: 200,
  }),
  sendCampaignTest: route({
    ...checks,
    method: 'POST',
    path: '/api/campaigns/{id}/test-send',
    summary:
      'Send the campaign’s message to up to 5 addresses through its AWS account, rendered with a real recipient’s data',
    permission: 'campaigns.write',
    params: CampaignIdParamsSchema,
    query: CampaignQuerySchema,
    body: CampaignTestSendBodySchema,
    response: CampaignTestSendResultSchema,
    errors: [
      ...ORGANIZATION_ERRORS,
      'campaigns.not_found',
      'campaigns.preflight_refused',
      'contact.not_found',
      'aws_account.not_found',
      'aws_account.not_verified',
      'email_identity.not_verified',
      'template.not_found',
      ...AWS_ERRORS,
    ],
    status: 201,
    idempotent: true,
  }),
} as const satisfies Record<string, RouteDefinition>
