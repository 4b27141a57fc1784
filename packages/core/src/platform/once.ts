import type { Key } from '../db/batch'
import { deleteMark, putMark } from './once.repo'

/**
 * "Once" marks: a conditional put that only the first caller wins, for work a redelivered or retried message must
 * not repeat (a mail about an event, a notice, a one-time step). `markOnce` answers true to exactly one of any
 * number of concurrent callers with the same key; the others (and every later one while the mark lives) get
 * false. Mark before the work and `clearMark` if the work fails, so a retry does it again. The key comes from
 * the domain's `db/keys` builder (the mark lives in the owner's partition and goes with its purge); `ttlSeconds`
 * lets DynamoDB remove it once no redelivery can come any more.
 */
export interface MarkOptions {
  /** The item's `entity`. */
  entity: string
  ttlSeconds?: number
  /** Epoch ms now (tests inject a clock). */
  now?: number
}

export async function markOnce(key: Key, options: MarkOptions): Promise<boolean> {
  const now = options.now ?? Date.now()
  return putMark(key, {
    entity: options.entity,
    at: new Date(now).toISOString(),
    expiresAt: options.ttlSeconds === undefined ? undefined : Math.floor(now / 1000) + options.ttlSeconds,
  })
}

/** Takes a mark back (the work failed): the next caller is first again. */
export async function clearMark(key: Key): Promise<void> {
  await deleteMark(key)
}
