import type { UnsubscribePage } from '@app/contracts'
import { signupRoutes } from '@app/contracts/audience/signup-routes'
import { unsubscribeRoutes } from '@app/contracts/audience/unsubscribe-routes'
import {
  confirmSignup,
  oneClickPageLocation,
  oneClickUnsubscribe,
  type RequestOrigin,
  signUp,
  signUpByForm,
  signupForm,
  unsubscribe,
  unsubscribePage,
  updatePreferences,
} from '@app/core/audience/public'
import { getCampaign } from '@app/core/campaigns/public'
import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import { endpointGroup } from '../middleware/endpoint-group'
import { viewerAddress } from './viewer-address'

const header = (event: APIGatewayProxyEventV2, name: string) =>
  Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1]

/** For the consent trail: where the person's request came from (no cookie or session is ever read). */
const originOf = (event: APIGatewayProxyEventV2): RequestOrigin => ({
  ip: viewerAddress(event),
  userAgent: header(event, 'user-agent')?.slice(0, 300),
})

/**
 * Who the person knows the email from: the organization's name, else (never named) the From name of the campaign the
 * link came with. Called only after core accepted the link's signature, so its ids are the signed ones.
 */
async function withSender(
  page: UnsubscribePage,
  link: { organizationId: string; campaignId?: string | undefined },
): Promise<UnsubscribePage> {
  if (page.senderName || !link.campaignId) return page
  const campaign = await getCampaign(link.organizationId, link.campaignId)
  return { ...page, senderName: campaign?.sender?.fromName.trim() ?? '' }
}

/**
 * Public: the caller is whoever holds a link we signed (checked in core), or anyone for the rate-limited signup
 * forms; never plan-gated.
 */
export const handler = endpointGroup(
  'unsubscribe',
  { ...signupRoutes, ...unsubscribeRoutes },
  {
    getUnsubscribePage: async ({ query }) => withSender(await unsubscribePage(query), query),
    unsubscribe: async ({ body, event }) => withSender(await unsubscribe(body, originOf(event)), body),
    updateUnsubscribePreferences: async ({ body, event }) =>
      withSender(await updatePreferences(body, originOf(event)), body),
    oneClickUnsubscribe: ({ query, body, event }) =>
      oneClickUnsubscribe(query, body, header(event, 'content-type') ?? '', originOf(event)),
    openOneClickLink: async ({ event }) => ({ location: oneClickPageLocation(event.queryStringParameters) }),
    getSignupForm: ({ params, query }) => signupForm(query.organizationId, params.topicId),
    signUp: ({ body, event, log }) => signUp(body, originOf(event), log),
    signUpByForm: ({ body, event, log }) => signUpByForm(body, originOf(event), log),
    confirmSignup: ({ body, event }) => confirmSignup(body, originOf(event)),
  },
)
