import { badRequest } from './ses-errors'

/**
 * One page of a list, SES style: `PageSize` (bounded) and an opaque `NextToken` that is only present when more
 * items follow. A token that is not one of ours is a `BadRequestException`.
 */
export function page<T>(
  items: T[],
  query: URLSearchParams,
  { defaultSize, maxSize }: { defaultSize: number; maxSize: number },
): { items: T[]; nextToken?: string } {
  const size = query.has('PageSize') ? Number(query.get('PageSize')) : defaultSize
  if (!Number.isInteger(size) || size < 1 || size > maxSize)
    throw badRequest(`PageSize must be between 1 and ${maxSize}.`)
  const token = query.get('NextToken')
  let start = 0
  if (token) {
    const decoded = /^o(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'))
    if (!decoded) throw badRequest('Invalid NextToken.')
    start = Number(decoded[1])
  }
  const slice = items.slice(start, start + size)
  const next = start + size < items.length ? Buffer.from(`o${start + size}`).toString('base64url') : undefined
  return next ? { items: slice, nextToken: next } : { items: slice }
}
