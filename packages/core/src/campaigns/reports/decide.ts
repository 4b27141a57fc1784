import * as z from 'zod'
import { type EngagementEvent, isMachineOpen, LINK_MAX, linkHash } from './model'

/** What the report keeps on a recipient's ledger item (beside the engine's status): the first time of each. */
export const RecipientActivitySchema = z.object({
  /** The report's version of the item: every counted event bumps it (the condition of the next one). */
  rv: z.number().int().optional(),
  sentAt: z.string().optional(),
  deliveredAt: z.string().optional(),
  openedAt: z.string().optional(),
  /** The first open that was not a machine's (or a click, which proves a reader). */
  humanOpenedAt: z.string().optional(),
  /** The first open was a machine's (Apple Mail Privacy Protection or a scanner). */
  machineOpened: z.boolean().optional(),
  opens: z.number().int().optional(),
  machineOpens: z.number().int().optional(),
  clickedAt: z.string().optional(),
  firstLink: z.string().optional(),
  clicks: z.number().int().optional(),
  /** Hashes of the links this recipient clicked (each link's unique clicks count once per recipient). */
  links: z.set(z.string()).optional(),
  hardBouncedAt: z.string().optional(),
  softBouncedAt: z.string().optional(),
  bounce: z.object({ type: z.string(), subType: z.string(), at: z.string() }).optional(),
  complainedAt: z.string().optional(),
  unsubscribedAt: z.string().optional(),
  rejectedAt: z.string().optional(),
  renderingFailedAt: z.string().optional(),
  /** The short ids of the events counted for this recipient (`seenId`): a copy finds its id here. */
  seen: z.set(z.string()).optional(),
  /** Its events are deduplicated by marker items instead (`usesMarkers`). */
  markers: z.boolean().optional(),
})
export type RecipientActivity = z.infer<typeof RecipientActivitySchema>

/** The counters' fields (per sub-shard item; a report sums them). */
export type CounterField =
  | 'delivered'
  | 'opens'
  | 'machineOpens'
  | 'uniqueOpens'
  | 'uniqueHumanOpens'
  | 'clicks'
  | 'uniqueClicks'
  | 'hardBounces'
  | 'softBounces'
  | 'bounced'
  | 'complaints'
  | 'unsubscribes'
  | 'rejected'
  | 'deliveryDelays'
  | 'renderingFailures'

/** One event's effect: on the recipient's item, the counters, the timeline bucket and the link's counters. */
export interface Change {
  set: Record<string, unknown>
  add: Record<string, number>
  addLink?: string
  counters: Partial<Record<CounterField, number>>
  /** Bounce breakdown: `<type>/<subType>` → +1. */
  bounceKind?: string
  bucket?: { opens: number; machineOpens: number; clicks: number }
  link?: { hash: string; url: string; unique: number }
}

const SES_WORD = /[^A-Za-z0-9]/g
const word = (value: string) => value.replace(SES_WORD, '').slice(0, 40) || 'Unknown'

/**
 * What an event (already known to be new) changes, given the recipient as it is. Order-free by design:
 * - a unique open or click counts once per recipient; a click counts as the reader's open too (an image blocker
 *   hides the open), so click-to-open never exceeds 1;
 * - `delivered` counts recipients delivered and not hard-bounced: an asynchronous bounce after the delivery
 *   takes the recipient back out, and a delivery arriving after its hard bounce never counts;
 * - a hard and a soft bounce count once per recipient each; the recipient's `bounce` is the hard one if any;
 * - the recipient's first click (time and link) is the earliest by the event's own time.
 */
export function decide(event: EngagementEvent, state: RecipientActivity): Change {
  const change: Change = { set: {}, add: {}, counters: {} }
  const count = (field: CounterField, by = 1) => {
    change.counters[field] = (change.counters[field] ?? 0) + by
  }
  const humanOpen = () => {
    if (state.humanOpenedAt) return
    change.set.humanOpenedAt = event.at
    count('uniqueHumanOpens')
    if (!state.openedAt) {
      change.set.openedAt = event.at
      change.set.machineOpened = false
      count('uniqueOpens')
    }
  }
  switch (event.type) {
    case 'SEND':
      if (!state.sentAt) change.set.sentAt = event.at
      break
    case 'DELIVERY':
      if (!state.deliveredAt) {
        change.set.deliveredAt = event.at
        if (!state.hardBouncedAt) count('delivered')
      }
      break
    case 'OPEN': {
      const machine = isMachineOpen(event.open ?? { userAgent: null, ipAddress: null })
      count('opens')
      change.add.opens = 1
      change.bucket = { opens: machine ? 0 : 1, machineOpens: machine ? 1 : 0, clicks: 0 }
      if (machine) {
        count('machineOpens')
        change.add.machineOpens = 1
        if (!state.openedAt) {
          change.set.openedAt = event.at
          change.set.machineOpened = true
          count('uniqueOpens')
        }
      } else humanOpen()
      break
    }
    case 'CLICK': {
      const url = (event.click?.link ?? '').slice(0, LINK_MAX)
      const hash = linkHash(url)
      count('clicks')
      change.add.clicks = 1
      change.bucket = { opens: 0, machineOpens: 0, clicks: 1 }
      if (!state.clickedAt) count('uniqueClicks')
      // The first click is the earliest by SES's time, whatever order SNS delivered them in.
      if (!state.clickedAt || event.at < state.clickedAt) {
        change.set.clickedAt = event.at
        change.set.firstLink = url
      }
      const first = !state.links?.has(hash)
      if (first) change.addLink = hash
      change.link = { hash, url, unique: first ? 1 : 0 }
      humanOpen()
      break
    }
    case 'BOUNCE': {
      const type = word(event.bounce?.type ?? 'Undetermined')
      const subType = word(event.bounce?.subType ?? 'Undetermined')
      const bounce = { type, subType, at: event.at }
      // Recipients with a bounce of either kind (what the report's bounced-contact actions touch), once each.
      if (!state.hardBouncedAt && !state.softBouncedAt) count('bounced')
      if (type === 'Permanent') {
        if (state.hardBouncedAt) break
        change.set.hardBouncedAt = event.at
        change.set.bounce = bounce
        count('hardBounces')
        if (state.deliveredAt) count('delivered', -1)
      } else {
        if (state.softBouncedAt) break
        change.set.softBouncedAt = event.at
        if (!state.hardBouncedAt) change.set.bounce = bounce
        count('softBounces')
      }
      change.bounceKind = `${type}/${subType}`
      break
    }
    case 'COMPLAINT':
      if (!state.complainedAt) {
        change.set.complainedAt = event.at
        count('complaints')
      }
      break
    case 'UNSUBSCRIBE':
      if (!state.unsubscribedAt) {
        change.set.unsubscribedAt = event.at
        count('unsubscribes')
      }
      break
    case 'REJECT':
      if (!state.rejectedAt) {
        change.set.rejectedAt = event.at
        count('rejected')
      }
      break
    case 'RENDERING_FAILURE':
      if (!state.renderingFailedAt) {
        change.set.renderingFailedAt = event.at
        count('renderingFailures')
      }
      break
    case 'DELIVERY_DELAY':
      count('deliveryDelays')
      break
  }
  return change
}
