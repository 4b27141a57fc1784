import { ENV } from '@app/contracts'
import { hmacSign, hmacVerify } from '../../platform/hmac'
import { unsubscribeKeysVariable } from '../env'

/**
 * Signed links for the public audience pages: the unsubscribe / preference page, the RFC 8058 one-click address
 * and the double opt-in confirmation. The ids in a link are guessable, so each link also carries `keyId` and
 * `signature` = HMAC-SHA256 (base64url) over what the link may do (its purpose) and every id in it: organization,
 * contact, the topics it was sent for (order-free) and the campaign. A changed id, a signature of another contact
 * or organization, a made-up key id or a key taken out of the set all fail the same constant-time check.
 *
 * Keys come from the secret store (`UNSUBSCRIBE_SIGNING_KEYS`, a JSON object `{ current, <keyId>: secret… }`).
 * New links are signed with `current`; every key in the set verifies, so rotating (add a key, point `current` at
 * it) keeps the links already mailed working. A link does not expire by itself: it works as long as its key is in
 * the set, and a key is only removed at least `LINK_LIFETIME_DAYS` after it stopped being `current`.
 */
export const LINK_LIFETIME_DAYS = 400

export type LinkPurpose = 'unsubscribe' | 'confirm-signup'

export interface LinkFields {
  organizationId: string
  contactId: string
  /** The topics the message was sent for (may be empty: the link is about the contact's preferences as a whole). */
  topicIds: readonly string[]
  campaignId?: string | undefined
}

export interface LinkSignature {
  keyId: string
  signature: string
}

export interface SigningKeys {
  current: string
  keys: ReadonlyMap<string, Buffer>
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/
const MIN_SECRET_LENGTH = 32

/** Reads the key set (the secret's JSON); a set without a usable `current` key is a configuration error. */
export function parseSigningKeys(raw: string | undefined): SigningKeys {
  const name = ENV.unsubscribeKeys
  if (!raw) throw new Error(`${name} must be set`)
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new Error(`${name} must be a JSON object { "current": "<keyId>", "<keyId>": "<secret>" }`)
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${name} must be a JSON object`)
  const { current, ...rest } = parsed as Record<string, unknown>
  const keys = new Map<string, Buffer>()
  for (const [keyId, secret] of Object.entries(rest)) {
    if (!KEY_ID.test(keyId))
      throw new Error(`${name}: key id "${keyId}" must be 1-32 letters, digits, _ or -`)
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH)
      throw new Error(`${name}: key "${keyId}" must be a string of at least ${MIN_SECRET_LENGTH} characters`)
    keys.set(keyId, Buffer.from(secret, 'utf8'))
  }
  if (typeof current !== 'string' || !keys.has(current))
    throw new Error(`${name}: "current" must name one of its keys`)
  return { current, keys }
}

let cached: { raw: string | undefined; keys: SigningKeys } | undefined

/** The key set of this process's environment (re-read when the variable changes, as tests do). */
export function signingKeys(): SigningKeys {
  const raw = unsubscribeKeysVariable()
  if (cached && cached.raw === raw) return cached.keys
  const keys = parseSigningKeys(raw)
  cached = { raw, keys }
  return keys
}

/**
 * What a link's signature covers: the link kind first, so a signature never serves another kind of link, then
 * every id. Signed under `audience-link.v1` (the material `JSON.stringify(['audience-link.v1', kind, …])`, as
 * links were signed before `platform/hmac.ts`), so links already mailed keep verifying.
 */
const LINK_SIGNATURE_PURPOSE = 'audience-link.v1'

function signedParts(purpose: LinkPurpose, fields: LinkFields) {
  const topics = [...new Set(fields.topicIds)].sort()
  return [purpose, fields.organizationId, fields.contactId, topics, fields.campaignId ?? null]
}

export function signLink(
  purpose: LinkPurpose,
  fields: LinkFields,
  keys: SigningKeys = signingKeys(),
): LinkSignature {
  const secret = keys.keys.get(keys.current)
  if (!secret) throw new Error('the current signing key is missing')
  return {
    keyId: keys.current,
    signature: hmacSign(secret, LINK_SIGNATURE_PURPOSE, signedParts(purpose, fields)),
  }
}

/**
 * Whether this server signed exactly these fields for this purpose with a key still in the set. The comparison
 * is constant-time; an unknown key id is compared against a throwaway mac so it costs the same.
 */
export function verifyLink(
  purpose: LinkPurpose,
  fields: LinkFields,
  proof: Partial<LinkSignature>,
  keys: SigningKeys = signingKeys(),
): boolean {
  const secret = typeof proof.keyId === 'string' ? keys.keys.get(proof.keyId) : undefined
  return hmacVerify(secret, LINK_SIGNATURE_PURPOSE, signedParts(purpose, fields), proof.signature)
}
