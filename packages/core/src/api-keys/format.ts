/**
 * An API key as its holder sees it: `ssk_live_<keyId>_<secret>` — recognisable (secret scanners, our own log
 * scrubbing), the key id a ULID (26 characters) so a call finds its key with one read, the secret 32 random bytes
 * in base64url (43 characters). Issued, parsed and checked by `platform/credentials.ts`.
 */
export const API_KEY_CREDENTIAL_PREFIX = 'ssk_live_'

/** Keys inside any text, for scrubbing: the key id stays readable, the secret goes. */
export const API_KEY_IN_TEXT = /\bssk_live_([0-9A-HJKMNP-TV-Z]{26})_[A-Za-z0-9_-]+/g

/** Whether a bearer credential claims to be an API key (well-formed or not): the rest are ID tokens. */
export const looksLikeApiKey = (credential: string) => credential.startsWith('ssk_')

export const scrubApiKeys = (text: string) => text.replace(API_KEY_IN_TEXT, 'ssk_live_$1_[redacted]')
