import { ONE_CLICK_BODY, ONE_CLICK_PATH, UNSUBSCRIBE_PAGE_PATH } from '@app/contracts'
import { coreEnv } from '../../env'
import { publicApiOrigin } from '../env'
import { type LinkFields, type SigningKeys, signingKeys, signLink } from './links'

export interface UnsubscribeLinkInput {
  contact: { id: string; organizationId: string }
  /** The topics the message is sent for (ids or topics). */
  topics: readonly (string | { id: string })[]
  campaignId?: string | undefined
}

/** The link's ids and proof as query parameters (the page's and the one-click address use the same). */
export function signedLinkQuery(input: UnsubscribeLinkInput, keys: SigningKeys = signingKeys()): string {
  const fields: LinkFields = {
    organizationId: input.contact.organizationId,
    contactId: input.contact.id,
    topicIds: [
      ...new Set(input.topics.map((topic) => (typeof topic === 'string' ? topic : topic.id))),
    ].sort(),
    campaignId: input.campaignId,
  }
  const { keyId, signature } = signLink('unsubscribe', fields, keys)
  const query = new URLSearchParams({ organizationId: fields.organizationId, contactId: fields.contactId })
  if (fields.topicIds.length > 0) query.set('topicId', fields.topicIds.join(','))
  if (fields.campaignId) query.set('campaignId', fields.campaignId)
  query.set('keyId', keyId)
  query.set('signature', signature)
  return query.toString()
}

/** The preference page a message's footer links to (the SPA, under `/unsubscribe`). */
export function unsubscribePageUrl(input: UnsubscribeLinkInput, keys?: SigningKeys): string {
  return `${coreEnv().appUrl}${UNSUBSCRIBE_PAGE_PATH}?${signedLinkQuery(input, keys)}`
}

/** The RFC 8058 address: an API path (the SPA on S3 cannot take a POST), same ids and proof. */
export function oneClickUrl(input: UnsubscribeLinkInput, keys?: SigningKeys): string {
  return `${publicApiOrigin()}${ONE_CLICK_PATH}?${signedLinkQuery(input, keys)}`
}

/**
 * The header pair every marketing message carries (RFC 2369 + RFC 8058): `List-Unsubscribe: <https://…>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. Values are one line: ids are checked by the signer's
 * callers and the query is URL-encoded, and a value with CR or LF is refused rather than sent.
 */
export function listUnsubscribeHeaders(
  input: UnsubscribeLinkInput,
  keys?: SigningKeys,
): { 'List-Unsubscribe': string; 'List-Unsubscribe-Post': string } {
  const headers = {
    'List-Unsubscribe': `<${oneClickUrl(input, keys)}>`,
    'List-Unsubscribe-Post': ONE_CLICK_BODY,
  }
  for (const value of Object.values(headers))
    if (/[\r\n]/.test(value)) throw new Error('List-Unsubscribe headers cannot contain line breaks')
  return headers
}
