import type { EventType } from '../events/catalog'
import { getWantedTypes } from './wanted.repo'

/**
 * Whether an organization's enabled webhook endpoints want an event type: the gate of high-volume events (every
 * SES event of a campaign's messages, contact changes made in bulk), which are written only when someone will
 * receive them. One GetItem of the record the endpoints' own writes keep (W8), remembered per organization for a
 * few seconds in the function, so a campaign's million events cost a read every few seconds per warm function; an
 * endpoint change made in this function is seen at once, one made elsewhere within `WANTED_TYPES_TTL_MS`.
 */
export const WANTED_TYPES_TTL_MS = 5_000
/** Organizations remembered at most (a function serving many starts over rather than growing). */
const MAX_REMEMBERED = 1_000

const remembered = new Map<string, { types: ReadonlySet<string>; until: number }>()

export async function wantedEventTypes(orgId: string, now = Date.now()): Promise<ReadonlySet<string>> {
  const known = remembered.get(orgId)
  if (known && known.until > now) return known.types
  const types = await getWantedTypes(orgId)
  if (remembered.size >= MAX_REMEMBERED) remembered.clear()
  remembered.set(orgId, { types, until: now + WANTED_TYPES_TTL_MS })
  return types
}

export async function wantsEvent(orgId: string, type: EventType): Promise<boolean> {
  return (await wantedEventTypes(orgId)).has(type)
}

/** After an endpoint change in this function: the next question reads the record again. */
export function forgetWantedTypes(orgId: string): void {
  remembered.delete(orgId)
}
