import type { ApiScope } from '../api-keys/scopes'
import { AWS_ERRORS, ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import {
  PublicCampaignListQuerySchema,
  PublicCampaignListSchema,
  PublicCampaignParamsSchema,
  PublicCampaignReportSchema,
  PublicCampaignSchema,
  PublicCreateCampaignBodySchema,
  PublicScheduleBodySchema,
} from './campaigns'
import { keyed as keyedBy } from './keyed'

const keyed = <S extends ApiScope>(scope: S) => keyedBy('public-campaigns', scope)

/** What naming an AWS account, a sender, a template and topics can be refused with. */
const REFERENCE_ERRORS = [
  'aws_account.not_found',
  'email_identity.not_verified',
  'template.not_found',
  'topic.not_found',
] as const
const ACTION_ERRORS = [
  ...ORGANIZATION_ERRORS,
  'campaigns.not_found',
  'campaigns.invalid_transition',
  'campaigns.preflight_refused',
  ...AWS_ERRORS,
] as const

/** A state change: `POST /api/v1/campaigns/{id}/<action>`, answered with the campaign as it now is. */
const action = (path: string, summary: string) =>
  route({
    ...keyed('campaigns:send'),
    method: 'POST',
    path: `/api/v1/campaigns/{id}/${path}`,
    summary,
    params: PublicCampaignParamsSchema,
    response: PublicCampaignSchema,
    errors: ACTION_ERRORS,
    status: 200,
    idempotent: true,
  })

/** Campaigns on the public API (issue 30): the dashboard's campaigns, for the key's organization. */
export const publicCampaignRoutes = {
  listPublicCampaigns: route({
    ...keyed('campaigns:read'),
    method: 'GET',
    path: '/api/v1/campaigns',
    summary:
      'The organization’s campaigns, newest first, by cursor; `q` searches names, `status` filters (a filtered page may come back short with a `nextCursor`)',
    query: PublicCampaignListQuerySchema,
    response: PublicCampaignListSchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 200,
  }),
  createPublicCampaign: route({
    ...keyed('campaigns:write'),
    method: 'POST',
    path: '/api/v1/campaigns',
    summary:
      'Create a draft campaign from one of the organization’s templates and topics, with its sender; `awsAccountId` may be left out when one AWS account is connected',
    body: PublicCreateCampaignBodySchema,
    response: PublicCampaignSchema,
    errors: [...ORGANIZATION_ERRORS, ...REFERENCE_ERRORS, ...AWS_ERRORS],
    status: 201,
    idempotent: true,
  }),
  getPublicCampaign: route({
    ...keyed('campaigns:read'),
    method: 'GET',
    path: '/api/v1/campaigns/{id}',
    summary:
      'A campaign: its status, pause reason, the ledger’s counts and its progress (sent, failed, remaining)',
    params: PublicCampaignParamsSchema,
    response: PublicCampaignSchema,
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found'],
    status: 200,
  }),
  schedulePublicCampaign: route({
    ...keyed('campaigns:send'),
    method: 'POST',
    path: '/api/v1/campaigns/{id}/schedule',
    summary:
      'Schedule a draft at `schedule.at` (in the future; the draft’s own time when left out), after the pre-flight checks',
    params: PublicCampaignParamsSchema,
    body: PublicScheduleBodySchema,
    response: PublicCampaignSchema,
    errors: [...ACTION_ERRORS, 'campaigns.schedule_invalid'],
    status: 200,
    idempotent: true,
  }),
  sendPublicCampaign: action(
    'send',
    'Send a draft or scheduled campaign now (the template’s current version is pinned), after the pre-flight checks',
  ),
  pausePublicCampaign: action('pause', 'Pause a campaign being sent'),
  resumePublicCampaign: action('resume', 'Resume a paused campaign'),
  cancelPublicCampaign: action(
    'cancel',
    'Cancel a scheduled, sending or paused campaign: nothing more is sent',
  ),
  getPublicCampaignReport: route({
    ...keyed('reports:read'),
    method: 'GET',
    path: '/api/v1/campaigns/{id}/report',
    summary:
      'The campaign’s report counts (recipients, sent, delivered, opens, clicks, bounces, complaints, unsubscribes …) and rates, from SES’s events',
    params: PublicCampaignParamsSchema,
    response: PublicCampaignReportSchema,
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found'],
    status: 200,
  }),
} as const satisfies Record<string, RouteDefinition>
