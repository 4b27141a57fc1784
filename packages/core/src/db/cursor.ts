import { createHmac, timingSafeEqual } from 'node:crypto'
import type * as z from 'zod'
import { cursorSigningKey } from '../env'
import { AppError } from '../errors'

/**
 * The one page cursor of every list: `<payload>.<mac>`, both base64url. The payload is the position after the
 * last row shown (validated by the list's own zod schema when it comes back); the mac is HMAC-SHA256 over the
 * payload AND the query it belongs to (list name, tenant or parent id, filters and sort), so a cursor that was
 * edited, made up, or taken from another list, organization or filter is refused with 400 `request.invalid`
 * naming `query.cursor`. A position is never a raw key: whatever it holds (a sort value, an id, a Stripe id, an
 * SES NextToken) only comes back if this server wrote it for this query.
 *
 * The key is `CURSOR_SIGNING_KEY`: generated and kept under `.data/` by the local stack, a generated secret in the
 * CDK stack. Rotating it only ends the pages open at that moment.
 */
export interface CursorQuery {
  /** Which list (`templates`, `jobs`, …): the same position means nothing in another list. */
  list: string
  /** The organization, or the parent (template, AWS account) the list belongs to. */
  scope: string
  /** Everything else that shapes the list (filters, sort, order); undefined values are left out. */
  filters?: Record<string, string | number | boolean | undefined>
}

/** The query as one canonical string: filters sorted by name, so the order they were given in does not matter. */
function fingerprint(query: CursorQuery): string {
  const filters = Object.entries(query.filters ?? {})
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return JSON.stringify([query.list, query.scope, filters])
}

const mac = (query: CursorQuery, payload: string) =>
  createHmac('sha256', cursorSigningKey()).update(fingerprint(query)).update('\n').update(payload).digest()

export function encodeCursor(query: CursorQuery, position: unknown): string {
  const payload = Buffer.from(JSON.stringify(position), 'utf8').toString('base64url')
  return `${payload}.${mac(query, payload).toString('base64url')}`
}

export function invalidCursor(): AppError {
  return new AppError(
    'request.invalid',
    'query.cursor: not a page of this list (use the nextCursor of the same query, unchanged).',
  )
}

/** The position a cursor holds, if this server signed it for this very query; otherwise a 400. */
export function decodeCursor<T>(query: CursorQuery, cursor: string, schema: z.ZodType<T>): T {
  const [payload, signature, ...rest] = cursor.split('.')
  if (!payload || !signature || rest.length > 0) throw invalidCursor()
  const expected = mac(query, payload)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor()
  let position: unknown
  try {
    position = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    throw invalidCursor()
  }
  const parsed = schema.safeParse(position)
  if (!parsed.success) throw invalidCursor()
  return parsed.data
}

/** `decodeCursor` when a cursor was given, else undefined (the first page). */
export function cursorPosition<T>(query: CursorQuery, cursor: string | undefined, schema: z.ZodType<T>) {
  return cursor === undefined ? undefined : decodeCursor(query, cursor, schema)
}
