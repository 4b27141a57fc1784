import { SignedLinkQuerySchema, type UnsubscribePage } from '@app/contracts'
import { unsubscribeRoutes } from '@app/contracts/audience/unsubscribe-routes'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'

/** The ids and proof of a signed link, as its address carries them (`topicId` comma-separated). */
export interface SignedLink {
  organizationId: string
  contactId: string
  topicId?: string
  campaignId?: string
  keyId: string
  signature: string
}

const LINK_FIELDS = ['organizationId', 'contactId', 'topicId', 'campaignId', 'keyId', 'signature'] as const

/** The link in the page's address, or undefined when it is incomplete or malformed (nothing is sent then). */
export function linkFromSearch(search: string): SignedLink | undefined {
  const params = new URLSearchParams(search)
  const raw: Record<string, string> = {}
  for (const field of LINK_FIELDS) {
    const value = params.get(field)
    if (value !== null) raw[field] = value
  }
  if (!SignedLinkQuerySchema.safeParse(raw).success) return undefined
  return raw as unknown as SignedLink
}

/** The link as the POST bodies take it (`topicId` as a list). */
function linkBody(link: SignedLink) {
  const { topicId, ...rest } = link
  return { ...rest, ...(topicId ? { topicId: topicId.split(',') } : {}) }
}

export const unsubscribeQueries = {
  page: (link: SignedLink) =>
    queryOptions({
      queryKey: ['unsubscribe-page', link] as const,
      queryFn: ({ signal }) => apiRequest(unsubscribeRoutes.getUnsubscribePage, { query: link, signal }),
      // A 403 or 404 will not change by asking again.
      retry: false,
    }),
}

export function unsubscribe(link: SignedLink, all: boolean): Promise<UnsubscribePage> {
  return apiRequest(unsubscribeRoutes.unsubscribe, { body: { ...linkBody(link), all } })
}

export function updatePreferences(
  link: SignedLink,
  change: { topics: { id: string; status: 'OPT_IN' | 'OPT_OUT' }[]; unsubscribeAll?: boolean },
): Promise<UnsubscribePage> {
  return apiRequest(unsubscribeRoutes.updateUnsubscribePreferences, {
    body: { ...linkBody(link), ...change },
  })
}
