import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Credentials the product issues to machines: a secret shown once, stored only as its SHA-256, found by an id
 * carried in the credential itself, compared in constant time, rotated with a grace period for the previous
 * secret, revoked, and their last use recorded at most once per interval. Organization API keys
 * (`api-keys/`) are built on it; the GitHub sync tokens will reuse it with their own prefix.
 *
 * A credential reads `<prefix><id>_<secret>`: the prefix makes it recognisable (secret scanners, log scrubbing),
 * the id (a ULID) finds its record with one read, the secret is 32 random bytes in base64url (43 characters).
 */

/** What a credential's record keeps: hashes and dates, never a secret. */
export interface StoredCredential {
  /** SHA-256 of the current secret (base64url). */
  secretHash: string
  /** After a rotation, the previous secret's hash, valid until `previousValidUntil`. */
  previousSecretHash?: string
  previousValidUntil?: string
  revokedAt?: string
  lastUsedAt?: string
}

export interface IssuedSecret {
  /** The whole credential, for its holder only: answered once, never stored or logged. */
  credential: string
  /** What the record keeps. */
  secretHash: string
}

const ULID = '[0-9A-HJKMNP-TV-Z]{26}'
const SECRET = '[A-Za-z0-9_-]{43}'

/** The pattern of a well-formed credential of this prefix (`ssk_live_`), with `id` and `secret` groups. */
export const credentialPattern = (prefix: string) =>
  new RegExp(`^${prefix}(?<id>${ULID})_(?<secret>${SECRET})$`)

/** SHA-256 of a secret, base64url: what is stored. A secret of 256 random bits needs no salt nor slow hash. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('base64url')

/** A new secret for the credential `<prefix><id>_…`. */
export function issueSecret(prefix: string, id: string): IssuedSecret {
  const secret = randomBytes(32).toString('base64url')
  return { credential: `${prefix}${id}_${secret}`, secretHash: hashSecret(secret) }
}

/** The id and secret of a presented credential, or undefined when it is not one of this prefix. */
export function parseCredential(
  prefix: string,
  presented: string,
): { id: string; secret: string } | undefined {
  const groups = credentialPattern(prefix).exec(presented)?.groups
  return groups?.id && groups.secret ? { id: groups.id, secret: groups.secret } : undefined
}

/** Whether two hashes are equal, in time independent of where they differ. */
function sameHash(storedHash: string | undefined, given: Buffer): boolean {
  const stored = Buffer.from(storedHash ?? '', 'base64url')
  return stored.length === given.length && timingSafeEqual(stored, given)
}

/**
 * Whether `secret` opens this record now: not revoked, and the current secret or, within its grace, the previous
 * one. Both hashes are always compared, so the time taken does not tell which matched. A missing record is
 * compared too (against nothing), so an unknown id costs the same.
 */
export function verifySecret(record: StoredCredential | undefined, secret: string, now: Date): boolean {
  const given = createHash('sha256').update(secret, 'utf8').digest()
  const current = sameHash(record?.secretHash, given)
  const previous = sameHash(record?.previousSecretHash, given)
  if (!record || record.revokedAt) return false
  const inGrace = Boolean(record.previousValidUntil && now.toISOString() < record.previousValidUntil)
  return current || (previous && inGrace)
}

/**
 * The fields a rotation writes: a new current secret, the old one kept as previous until the grace ends (0: the
 * old one stops at once). Answered with the new credential, for its holder only.
 */
export function rotateSecret(
  prefix: string,
  id: string,
  record: Pick<StoredCredential, 'secretHash'>,
  graceSeconds: number,
  now: Date,
): {
  credential: string
  fields: Required<Pick<StoredCredential, 'secretHash' | 'previousSecretHash' | 'previousValidUntil'>>
} {
  const { credential, secretHash } = issueSecret(prefix, id)
  return {
    credential,
    fields: {
      secretHash,
      previousSecretHash: record.secretHash,
      previousValidUntil: new Date(now.getTime() + graceSeconds * 1000).toISOString(),
    },
  }
}

/** When the previous secret of a rotated record still works, or null. */
export function previousValidUntil(record: StoredCredential, now: Date): string | null {
  if (record.revokedAt || !record.previousValidUntil) return null
  return now.toISOString() < record.previousValidUntil ? record.previousValidUntil : null
}

/** Whether a use at `now` should be recorded: none recorded in the last `intervalMs`. Returns the cut-off too. */
export function useToRecord(
  record: Pick<StoredCredential, 'lastUsedAt'>,
  now: Date,
  intervalMs: number,
): { record: boolean; notBefore: string } {
  const notBefore = new Date(now.getTime() - intervalMs).toISOString()
  return { record: !record.lastUsedAt || record.lastUsedAt < notBefore, notBefore }
}
