import type { Store } from '../store'
import { invalidRequest } from './errors'

/** Which collection an id belongs to, by its Stripe prefix. */
const COLLECTIONS = [
  ['cus_', 'customers'],
  ['txi_', 'taxIds'],
  ['prod_', 'products'],
  ['price_', 'prices'],
  ['sub_', 'subscriptions'],
  ['in_', 'invoices'],
  ['cs_', 'checkoutSessions'],
] as const

const MAX_DEPTH = 4

function lookup(store: Store, id: string): object | undefined {
  const collection = COLLECTIONS.find(([prefix]) => id.startsWith(prefix))?.[1]
  return collection ? store.find(collection, id) : undefined
}

/**
 * Stripe's `expand[]`: replaces the id at each dotted path (`latest_invoice`, `data.product`,
 * `items.data.price.product`) with the object, in a copy of `object`. Lists are walked through `data`.
 */
export function expand(store: Store, object: object, paths: string[]): object {
  const copy = structuredClone(object)
  for (const path of paths) {
    const segments = path.split('.')
    if (segments.length > MAX_DEPTH)
      throw invalidRequest(
        `You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`,
        'expand',
      )
    expandAt(store, copy, segments, path)
  }
  return copy
}

function expandAt(store: Store, target: unknown, segments: string[], path: string): void {
  if (Array.isArray(target)) {
    for (const item of target) expandAt(store, item, segments, path)
    return
  }
  const [segment, ...rest] = segments
  if (segment === undefined || typeof target !== 'object' || target === null) return
  const holder = target as Record<string, unknown>
  if (!(segment in holder)) throw invalidRequest(`This property cannot be expanded (${path}).`, 'expand')
  let value = holder[segment]
  if (typeof value === 'string') {
    const found = lookup(store, value)
    if (!found) throw invalidRequest(`This property cannot be expanded (${path}).`, 'expand')
    value = structuredClone(found)
    holder[segment] = value
  }
  if (rest.length > 0) expandAt(store, value, rest, path)
}
