import type Stripe from 'stripe'
import { apiList } from '../objects/list'
import { resourceMissing } from './errors'
import type { Params } from './params'

/**
 * One page of `items` (already filtered, newest first) as Stripe pages lists: `limit` (1–100, default 10), and a
 * cursor `starting_after` (the page after that id) or `ending_before` (the page before it).
 */
export function paginate<T extends { id: string }>(
  items: T[],
  params: Params,
  url: string,
  kind: string,
): Stripe.ApiList<T> {
  const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10
  const after = params.string('starting_after')
  const before = params.string('ending_before')
  const indexOf = (id: string, param: string) => {
    const index = items.findIndex((item) => item.id === id)
    if (index < 0) throw resourceMissing(kind, id, param)
    return index
  }
  if (before !== undefined && after === undefined) {
    const end = indexOf(before, 'ending_before')
    const start = Math.max(0, end - limit)
    return apiList(items.slice(start, end), url, start > 0)
  }
  const start = after === undefined ? 0 : indexOf(after, 'starting_after') + 1
  return apiList(items.slice(start, start + limit), url, start + limit < items.length)
}

/** `created` as a number or a range (`created[gte]=…`), as list endpoints take it. */
export function createdFilter(params: Params): (created: number) => boolean {
  if (!params.has('created')) return () => true
  const exact = params.raw.created
  if (typeof exact === 'string') {
    const value = params.integer('created')
    return (created) => created === value
  }
  const range = params.child('created')?.accept(['gt', 'gte', 'lt', 'lte'])
  const gt = range?.integer('gt')
  const gte = range?.integer('gte')
  const lt = range?.integer('lt')
  const lte = range?.integer('lte')
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte)
}
