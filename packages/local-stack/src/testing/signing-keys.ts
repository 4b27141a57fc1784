import type { LocalStackConfig } from '../config'
import { readSigningKeys, type SigningKeys } from '../data-dir'

/** The running stack's signing keys, from its 0600 key files (a test forging an unsubscribe link or a cursor). */
export function localSigningKeys(stack: Pick<LocalStackConfig, 'dataDir'>): SigningKeys {
  return readSigningKeys(stack.dataDir)
}
