import { type RouteDefinition, route } from '../route-definition'
import {
  ONE_CLICK_PATH,
  OneClickResultSchema,
  SignedLinkQuerySchema,
  UnsubscribeBodySchema,
  UnsubscribePageSchema,
  UpdatePreferencesBodySchema,
} from './unsubscribe-schemas'

const INVALID = ['unsubscribe.invalid_signature', 'unsubscribe.contact_gone'] as const

/**
 * Public, never plan-gated (they keep working after a downgrade or a lapsed subscription): the caller is whoever
 * holds a link we signed. The `unsubscribe` group is small on purpose (no auth library, no Stripe).
 */
export const unsubscribeRoutes = {
  getUnsubscribePage: route({
    method: 'GET',
    path: '/api/contacts/unsubscribe',
    group: 'unsubscribe',
    summary:
      "The unsubscribe page's content for a signed link: masked email, organization, topics and statuses",
    auth: 'token',
    proof: 'unsubscribe',
    query: SignedLinkQuerySchema,
    response: UnsubscribePageSchema,
    errors: INVALID,
    status: 200,
  }),
  unsubscribe: route({
    method: 'POST',
    path: '/api/contacts/unsubscribe',
    group: 'unsubscribe',
    summary: "Unsubscribe a signed link's contact from the link's topics, or from everything",
    auth: 'token',
    proof: 'unsubscribe',
    body: UnsubscribeBodySchema,
    response: UnsubscribePageSchema,
    errors: INVALID,
    status: 200,
  }),
  updateUnsubscribePreferences: route({
    method: 'POST',
    path: '/api/contacts/unsubscribe/preferences',
    group: 'unsubscribe',
    summary: "Set a signed link's contact's status per topic (manage, resubscribe) and unsubscribe-from-all",
    auth: 'token',
    proof: 'unsubscribe',
    body: UpdatePreferencesBodySchema,
    response: UnsubscribePageSchema,
    errors: [...INVALID, 'request.invalid'],
    status: 200,
  }),
  oneClickUnsubscribe: route({
    method: 'POST',
    path: ONE_CLICK_PATH,
    group: 'unsubscribe',
    summary:
      'RFC 8058 one-click: a form POST of List-Unsubscribe=One-Click unsubscribes from the signed topics (safe to repeat)',
    auth: 'token',
    proof: 'unsubscribe',
    query: SignedLinkQuerySchema,
    rawBody: { contentTypes: ['application/x-www-form-urlencoded', 'multipart/form-data'] },
    maxBodyBytes: 4 * 1024,
    response: OneClickResultSchema,
    errors: ['unsubscribe.invalid_signature'],
    status: 200,
  }),
  openOneClickLink: route({
    method: 'GET',
    path: ONE_CLICK_PATH,
    group: 'unsubscribe',
    summary:
      'A GET of the one-click address changes nothing (mail scanners prefetch links): it redirects to the unsubscribe page',
    auth: 'none',
    status: 302,
  }),
} as const satisfies Record<string, RouteDefinition>
