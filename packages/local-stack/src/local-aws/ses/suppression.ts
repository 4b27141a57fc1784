import { AwsError } from '../protocol'
import type { SesAccountState, SuppressedDestination } from '../state'
import { badRequest, notFound } from './ses-errors'

/**
 * The account-level suppression list as SES v2 keeps it (API reference: PutSuppressedDestination,
 * GetSuppressedDestination, DeleteSuppressedDestination, ListSuppressedDestinations):
 * - one entry per address (compared case-insensitively, returned as given); putting an address again replaces its
 *   reason and moves its `LastUpdateTime`;
 * - a reason is `BOUNCE` or `COMPLAINT`, anything else is a `BadRequestException`, as is an address that is not one;
 * - an address not on the list is a `NotFoundException` (404) for get and delete;
 * - the list filters by `Reason` (repeated), `StartDate` / `EndDate` (on `LastUpdateTime`, both inclusive), pages
 *   with `PageSize` (1–1000) and an opaque `NextToken`; a token that is not one of ours, or that was issued for
 *   other filters, is an `InvalidNextTokenException` (400). Tokens point after the last address returned, so
 *   entries added or removed between pages neither repeat nor shift the rest.
 */

const REASONS = ['BOUNCE', 'COMPLAINT'] as const
const MAX_PAGE = 1000
const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000)
const key = (address: string) => address.trim().toLowerCase()
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const invalidToken = () =>
  new AwsError(400, 'InvalidNextTokenException', 'The specified NextToken is invalid or has expired.')

export function putSuppressedDestination(
  account: SesAccountState,
  input: Record<string, unknown>,
  now: number,
): void {
  const { EmailAddress, Reason } = input
  if (typeof EmailAddress !== 'string' || EmailAddress.trim() === '')
    throw badRequest('EmailAddress is required.')
  if (!ADDRESS.test(EmailAddress.trim())) throw badRequest(`Invalid email address ${EmailAddress}.`)
  if (!REASONS.includes(Reason as never)) throw badRequest('Reason must be BOUNCE or COMPLAINT.')
  account.suppressed[key(EmailAddress)] = {
    emailAddress: EmailAddress.trim(),
    reason: Reason as SuppressedDestination['reason'],
    lastUpdateTime: new Date(now).toISOString(),
  }
}

function requireSuppressed(account: SesAccountState, address: string): SuppressedDestination {
  const found = account.suppressed[key(address)]
  if (!found) throw notFound(`Email address ${address} does not exist on your suppression list.`)
  return found
}

export function getSuppressedDestination(account: SesAccountState, address: string) {
  const found = requireSuppressed(account, address)
  return {
    SuppressedDestination: {
      EmailAddress: found.emailAddress,
      Reason: found.reason,
      LastUpdateTime: epochSeconds(found.lastUpdateTime),
      Attributes: {
        ...(found.messageId ? { MessageId: found.messageId } : {}),
        ...(found.feedbackId ? { FeedbackId: found.feedbackId } : {}),
      },
    },
  }
}

export function deleteSuppressedDestination(account: SesAccountState, address: string): void {
  requireSuppressed(account, address)
  delete account.suppressed[key(address)]
}

/** A timestamp in a query: the SDK sends ISO 8601; epoch seconds are accepted too. */
function dateParameter(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name)
  if (raw === null || raw === '') return undefined
  const ms = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw)
  if (!Number.isFinite(ms)) throw badRequest(`${name} is not a valid timestamp.`)
  return ms
}

export function listSuppressedDestinations(account: SesAccountState, query: URLSearchParams) {
  const reasons = query.getAll('Reason').flatMap((value) => value.split(','))
  for (const reason of reasons)
    if (!REASONS.includes(reason as never)) throw badRequest(`Invalid Reason ${reason}: BOUNCE or COMPLAINT.`)
  const start = dateParameter(query, 'StartDate')
  const end = dateParameter(query, 'EndDate')
  if (start !== undefined && end !== undefined && start > end)
    throw badRequest('StartDate must be before EndDate.')
  const size = query.has('PageSize') ? Number(query.get('PageSize')) : MAX_PAGE
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE)
    throw badRequest(`PageSize must be between 1 and ${MAX_PAGE}.`)
  const filters = JSON.stringify([[...reasons].sort(), start ?? null, end ?? null])
  const after = decodeToken(query.get('NextToken'), filters)
  const matching = Object.entries(account.suppressed)
    .filter(([address, entry]) => {
      const at = Date.parse(entry.lastUpdateTime)
      return (
        (after === undefined || address > after) &&
        (reasons.length === 0 || reasons.includes(entry.reason)) &&
        (start === undefined || at >= start) &&
        (end === undefined || at <= end)
      )
    })
    .sort(([a], [b]) => (a < b ? -1 : 1))
  const items = matching.slice(0, size)
  const last = items.at(-1)?.[0]
  return {
    SuppressedDestinationSummaries: items.map(([, entry]) => ({
      EmailAddress: entry.emailAddress,
      Reason: entry.reason,
      LastUpdateTime: epochSeconds(entry.lastUpdateTime),
    })),
    ...(matching.length > size && last ? { NextToken: encodeToken(last, filters) } : {}),
  }
}

function encodeToken(after: string, filters: string): string {
  return Buffer.from(JSON.stringify({ a: after, f: filters })).toString('base64url')
}

function decodeToken(token: string | null, filters: string): string | undefined {
  if (!token) return undefined
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
      a?: unknown
      f?: unknown
    }
    if (typeof parsed.a === 'string' && parsed.f === filters) return parsed.a
  } catch {
    // not one of ours
  }
  throw invalidToken()
}
