import type { SesAccountState, SuppressedDestination } from '../state'
import { page } from './paging'
import { badRequest, notFound } from './ses-errors'

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000)
const key = (address: string) => address.trim().toLowerCase()

export function putSuppressedDestination(account: SesAccountState, input: Record<string, unknown>): void {
  const { EmailAddress, Reason } = input
  if (typeof EmailAddress !== 'string' || !EmailAddress.includes('@'))
    throw badRequest('EmailAddress is required.')
  if (Reason !== 'BOUNCE' && Reason !== 'COMPLAINT') throw badRequest('Reason must be BOUNCE or COMPLAINT.')
  account.suppressed[key(EmailAddress)] = {
    emailAddress: EmailAddress.trim(),
    reason: Reason,
    lastUpdateTime: new Date().toISOString(),
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
      Attributes: {},
    },
  }
}

export function deleteSuppressedDestination(account: SesAccountState, address: string): void {
  requireSuppressed(account, address)
  delete account.suppressed[key(address)]
}

export function listSuppressedDestinations(account: SesAccountState, query: URLSearchParams) {
  const reasons = query.getAll('Reason')
  const matching = Object.values(account.suppressed).filter(
    (entry) => reasons.length === 0 || reasons.includes(entry.reason),
  )
  const { items, nextToken } = page(matching, query, { defaultSize: 1000, maxSize: 1000 })
  return {
    SuppressedDestinationSummaries: items.map((entry) => ({
      EmailAddress: entry.emailAddress,
      Reason: entry.reason,
      LastUpdateTime: epochSeconds(entry.lastUpdateTime),
    })),
    ...(nextToken ? { NextToken: nextToken } : {}),
  }
}
