import type { z } from 'zod'
import { accountRoutes } from './account/routes'
import { apiKeyRoutes } from './api-keys/routes'
import { contactRoutes, topicRoutes } from './audience/routes'
import { signupRoutes } from './audience/signup-routes'
import { suppressionSyncRoutes } from './audience/suppression-sync'
import { transferRoutes } from './audience/transfer-routes'
import { unsubscribeRoutes } from './audience/unsubscribe-routes'
import { auditLogRoutes } from './audit/routes'
import { authRoutes } from './auth/routes'
import { awsAccountRoutes } from './aws-accounts/routes'
import { billingRoutes } from './billing/routes'
import { blockRoutes } from './blocks/routes'
import { campaignAudienceActionRoutes } from './campaigns/audience-actions'
import { campaignCheckRoutes } from './campaigns/check-routes'
import { campaignReportRoutes } from './campaigns/report-routes'
import { campaignRoutes, contactActivityRoutes } from './campaigns/routes'
import { templateAnalyticsRoutes } from './campaigns/template-analytics'
import { emailIdentityRoutes } from './email-identities/routes'
import { jobRoutes } from './jobs/routes'
import { organizationRoutes } from './organizations/routes'
import { platformRoutes } from './platform/routes'
import { publicCampaignRoutes } from './public-api/campaign-routes'
import { publicContactRoutes } from './public-api/contact-routes'
import { publicEmailRoutes } from './public-api/email-routes'
import { publicTopicRoutes } from './public-api/topic-routes'
import type { EndpointGroup, RouteDefinition } from './route-definition'
import { sesMonitoringRoutes } from './ses-monitoring/routes'
import { sesRoutes } from './ses-sync/routes'
import { teamRoutes } from './teams/routes'
import { templateRoutes } from './templates/routes'
import { webhookRoutes } from './webhooks/routes'

export * from './route-definition'

/**
 * Every route of the API, by id: the one table the CDK stack, the local gateway, the client and the docs read.
 * Each domain's folder holds its routes; a new domain adds its own here.
 */
export const routes = {
  ...accountRoutes,
  ...organizationRoutes,
  ...authRoutes,
  ...billingRoutes,
  ...awsAccountRoutes,
  ...emailIdentityRoutes,
  ...sesMonitoringRoutes,
  ...templateRoutes,
  ...blockRoutes,
  ...sesRoutes,
  ...jobRoutes,
  ...topicRoutes,
  ...contactRoutes,
  ...transferRoutes,
  ...platformRoutes,
  ...suppressionSyncRoutes,
  ...unsubscribeRoutes,
  ...signupRoutes,
  ...campaignRoutes,
  ...campaignReportRoutes,
  ...campaignCheckRoutes,
  ...webhookRoutes,
  ...campaignAudienceActionRoutes,
  ...contactActivityRoutes,
  ...templateAnalyticsRoutes,
  ...publicCampaignRoutes,
  ...publicEmailRoutes,
  ...publicContactRoutes,
  ...publicTopicRoutes,
  ...apiKeyRoutes,
  ...teamRoutes,
  ...auditLogRoutes,
} as const satisfies Record<string, RouteDefinition>

export type RouteId = keyof typeof routes
export const ROUTE_LIST = Object.entries(routes).map(([id, definition]) => ({
  id: id as RouteId,
  ...(definition as RouteDefinition),
}))
export type RouteEntry = (typeof ROUTE_LIST)[number]

export function routesOfGroup(group: EndpointGroup): RouteEntry[] {
  return ROUTE_LIST.filter((entry) => entry.group === group)
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
