import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * HMAC-SHA256 signatures of links and tokens the server hands out and later takes back (unsubscribe links, later
 * tracking links). The signed material is `JSON.stringify([purpose, ...parts])`: the purpose comes first, so a
 * signature made for one kind of link never verifies as another, and JSON keeps the parts apart (no `a|b` vs
 * `a|`+`b` ambiguity). Signatures are base64url (43 characters); verification is constant-time, and costs the same
 * when the key is unknown or the signature malformed.
 */
export type SignedParts = readonly unknown[]

/** HMAC-SHA256 is 32 bytes: 43 base64url characters. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/
const UNKNOWN_KEY = Buffer.from('no key of this id: never matches a signature we made', 'utf8')

const mac = (key: Buffer, purpose: string, parts: SignedParts) =>
  createHmac('sha256', key)
    .update(JSON.stringify([purpose, ...parts]))
    .digest()

export function hmacSign(key: Buffer, purpose: string, parts: SignedParts): string {
  return mac(key, purpose, parts).toString('base64url')
}

/**
 * Whether `signature` is `hmacSign(key, purpose, parts)`. `key` undefined (an unknown key id) never verifies but
 * is compared against a throwaway mac, so it takes as long as a known one.
 */
export function hmacVerify(
  key: Buffer | undefined,
  purpose: string,
  parts: SignedParts,
  signature: unknown,
): boolean {
  const wellFormed = typeof signature === 'string' && SIGNATURE.test(signature)
  const expected = mac(key ?? UNKNOWN_KEY, purpose, parts)
  const given = wellFormed ? Buffer.from(signature, 'base64url') : Buffer.alloc(expected.length)
  const equal = given.length === expected.length && timingSafeEqual(given, expected)
  return equal && wellFormed && key !== undefined
}
