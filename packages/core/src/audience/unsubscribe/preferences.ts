import {
  type SignedLinkQuery,
  SignedLinkQuerySchema,
  UNSUBSCRIBE_PAGE_PATH,
  type UnsubscribeBody,
  type UnsubscribePage,
  type UpdatePreferencesBody,
} from '@app/contracts'
import { coreEnv } from '../../env'
import { AppError } from '../../errors'
import { getOrganization } from '../../organizations/public'
import { type ContactView, changeFromLink, readContactView } from './audience-port'
import { type LinkFields, verifyLink } from './links'
import { maskEmail } from './mask'
import { isOneClickBody } from './one-click'

/** Where a person's request came from, for the consent trail. */
export interface RequestOrigin {
  ip?: string
  userAgent?: string
}

type LinkInput = Pick<
  UnsubscribeBody,
  'organizationId' | 'contactId' | 'campaignId' | 'keyId' | 'signature'
> & {
  topicIds: readonly string[]
}

const invalidSignature = () =>
  new AppError(
    'unsubscribe.invalid_signature',
    'This link is not valid: open the unsubscribe link from the latest email exactly as it is.',
  )

/** The link's fields once its signature is checked; a 403 that says nothing about the ids otherwise. */
function requireLink(input: LinkInput): LinkFields {
  const fields: LinkFields = {
    organizationId: input.organizationId,
    contactId: input.contactId,
    topicIds: input.topicIds,
    campaignId: input.campaignId,
  }
  if (!verifyLink('unsubscribe', fields, { keyId: input.keyId, signature: input.signature }))
    throw invalidSignature()
  return fields
}

const fromQuery = (query: { topicId?: string[] | undefined } & Omit<LinkInput, 'topicIds'>): LinkInput => ({
  ...query,
  topicIds: query.topicId ?? [],
})
const fromBody = (body: { topicId?: string[] | undefined } & Omit<LinkInput, 'topicIds'>): LinkInput => ({
  ...body,
  topicIds: body.topicId ?? [],
})

async function requireContact(link: LinkFields): Promise<ContactView> {
  const view = await readContactView(link.organizationId, link.contactId)
  if (!view)
    throw new AppError(
      'unsubscribe.contact_gone',
      'This address is no longer on the list: it gets no more emails.',
    )
  return view
}

async function pageOf(link: LinkFields, view: ContactView): Promise<UnsubscribePage> {
  const organization = await getOrganization(link.organizationId)
  const organizationName = organization?.name ?? ''
  return {
    organizationName,
    // The campaign's From name stands in for an unnamed organization: filled in by the HTTP layer, which may read
    // campaigns (this domain may not: campaigns depend on the audience).
    senderName: organizationName.trim(),
    maskedEmail: maskEmail(view.email),
    unsubscribeAll: view.unsubscribeAll,
    topics: view.topics.map((topic) => ({ ...topic, inLink: link.topicIds.includes(topic.id) })),
  }
}

/** `GET contacts/unsubscribe`: the page's content. Reads only. */
export async function unsubscribePage(query: SignedLinkQueryParsed): Promise<UnsubscribePage> {
  const link = requireLink(fromQuery(query))
  return pageOf(link, await requireContact(link))
}

/** `POST contacts/unsubscribe`: out of the link's topics, or of everything (`all`, or a link without topics). */
export async function unsubscribe(
  body: UnsubscribeBodyParsed,
  origin: RequestOrigin = {},
): Promise<UnsubscribePage> {
  const link = requireLink(fromBody(body))
  await requireContact(link)
  const all = body.all === true || link.topicIds.length === 0
  const view = await changeFromLink(link, all ? { unsubscribeAll: true } : { optOut: link.topicIds }, {
    source: 'unsubscribe-page',
    ...origin,
  })
  return pageOf(link, view)
}

/** `POST contacts/unsubscribe/preferences`: the person's choice per topic; re-subscribing is theirs to make. */
export async function updatePreferences(
  body: UpdatePreferencesBodyParsed,
  origin: RequestOrigin = {},
): Promise<UnsubscribePage> {
  const link = requireLink(fromBody(body))
  const current = await requireContact(link)
  const known = new Set(current.topics.map((topic) => topic.id))
  const unknown = body.topics.find((topic) => !known.has(topic.id))
  if (unknown)
    throw new AppError('request.invalid', `body.topics: ${unknown.id} is not a topic of this list.`)
  const view = await changeFromLink(
    link,
    {
      optIn: body.topics.filter((topic) => topic.status === 'OPT_IN').map((topic) => topic.id),
      optOut: body.topics.filter((topic) => topic.status === 'OPT_OUT').map((topic) => topic.id),
      ...(body.unsubscribeAll === undefined ? {} : { unsubscribeAll: body.unsubscribeAll }),
    },
    { source: 'preference-page', ...origin },
  )
  return pageOf(link, view)
}

/**
 * RFC 8058 one-click: the POST must say `List-Unsubscribe=One-Click`; it unsubscribes from the link's topics (or
 * everything for a link without topics) and answers the same however often it comes, contact or not.
 */
export async function oneClickUnsubscribe(
  query: SignedLinkQueryParsed,
  body: string,
  contentType: string,
  origin: RequestOrigin = {},
): Promise<{ unsubscribed: true }> {
  const link = requireLink(fromQuery(query))
  if (!isOneClickBody(body, contentType))
    throw new AppError('request.invalid', 'body: a one-click unsubscribe posts List-Unsubscribe=One-Click.')
  const view = await readContactView(link.organizationId, link.contactId)
  if (view) {
    const change = link.topicIds.length === 0 ? { unsubscribeAll: true } : { optOut: link.topicIds }
    await changeFromLink(link, change, { source: 'one-click', ...origin })
  }
  return { unsubscribed: true }
}

/**
 * A GET of the one-click address (a mail scanner, or a person's click) changes nothing: it sends the browser to
 * the page with the link's own parameters, re-encoded (nothing else from the request reaches the address).
 */
export function oneClickPageLocation(query: Record<string, string | undefined> | undefined): string {
  const params = new URLSearchParams()
  for (const name of Object.keys(SignedLinkQuerySchema.shape)) {
    const value = query?.[name]
    if (typeof value === 'string') params.set(name, value)
  }
  const search = params.toString()
  return `${coreEnv().appUrl}${UNSUBSCRIBE_PAGE_PATH}${search ? `?${search}` : ''}`
}

type SignedLinkQueryParsed = Omit<SignedLinkQuery, 'topicId'> & { topicId?: string[] | undefined }
type UnsubscribeBodyParsed = UnsubscribeBody
type UpdatePreferencesBodyParsed = UpdatePreferencesBody
