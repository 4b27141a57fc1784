import { holdSlotsUntil, moveNextSlot, type PaceKey, readNextSlot } from './pacer.repo'

export type { PaceKey } from './pacer.repo'

/** The slice's time ran out before the work could go on: the item stays pending for the continuation. */
export class SliceTimeUp extends Error {
  constructor() {
    super('The slice ran out of time')
    this.name = 'SliceTimeUp'
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const SLOT_TTL_SECONDS = 24 * 3600

/**
 * Reserves the next free call slot of a customer account and waits for it: slots are `1000 / rate` ms apart and
 * handed out by a conditional write on one DynamoDB item, so every worker (and the list call) shares the same
 * pace, whatever process it runs in. Throws `SliceTimeUp` without reserving when the slot is after `deadline`.
 * Returns the reserved slot (epoch ms); the caller goes on no earlier than that.
 */
export async function takeSlot(
  key: PaceKey,
  rate: number,
  deadline = Number.POSITIVE_INFINITY,
): Promise<number> {
  const interval = 1000 / rate
  for (let attempt = 0; ; attempt++) {
    const next = await readNextSlot(key)
    const now = Date.now()
    const slot = Math.max(now, next ?? 0)
    if (slot > deadline) throw new SliceTimeUp()
    if (!(await moveNextSlot(key, next, slot + interval, Math.floor(now / 1000) + SLOT_TTL_SECONDS))) {
      // Another caller took that slot: read again.
      await sleep(Math.random() * 10 * Math.min(attempt + 1, 10))
      continue
    }
    // Timers may wake a millisecond early: no call before its slot.
    for (let wait = slot - Date.now(); wait > 0; wait = slot - Date.now()) await sleep(wait)
    return slot
  }
}

/** SES throttled anyway (another tool on the account, a lower limit): no one calls before `until`. */
export async function holdSlots(key: PaceKey, until: number): Promise<void> {
  await holdSlotsUntil(key, until)
}

export { throttleBackoff } from './backoff'
/** Campaign sends are paced by the shared send limiter (recipients, daily quota): see send-limiter.ts. */
export {
  DEFAULT_SEND_SHARE,
  holdSends,
  type LeaseAnswer,
  leaseSendTokens,
  type SendQuota,
  type SendTokenRequest,
  sleepUntil,
} from './send-limiter'
