import { API_KEY_PREFIX, apiKeyKey } from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'

/** An organization's keys go with it: each row under `ORG#<id>` and the key it points at. */
export const apiKeysPurge: PurgeDeclaration = {
  domain: 'api-keys',
  prefixes: [API_KEY_PREFIX],
  pointersOf: (sk) => (sk.startsWith(API_KEY_PREFIX) ? [apiKeyKey(sk.slice(API_KEY_PREFIX.length))] : []),
}
