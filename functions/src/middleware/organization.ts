import type { Permission } from '@app/contracts'
import { type NamedOrganizationSource, type OwnedResource, type RouteEntry, UlidSchema } from '@app/contracts'
import { type Actor, AppError, type OrganizationContext } from '@app/core'
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda'

/** Finds the organization owning a resource by its owner pointer (`TEMPLATE#id/OWNER` …); undefined if none. */
export type OwnerLookup = (id: string) => Promise<string | undefined>

/** A group's owner lookups, for its routes naming only a resource (`organization.owner`). */
export type OwnerLookups = Partial<Record<OwnedResource, OwnerLookup>>

type HiddenCode = NonNullable<NamedOrganizationSource['notFound']>

/** A resource's 404: a stranger gets it as for an unknown id, so other tenants' ids reveal nothing. */
const NOT_FOUND: Record<HiddenCode, string> = {
  'template.not_found': 'No such template.',
  'aws_account.not_found': 'No such AWS account.',
  'job.not_found': 'No such job.',
}
const OWNER_NOT_FOUND: Record<OwnedResource, HiddenCode> = {
  template: 'template.not_found',
  awsAccount: 'aws_account.not_found',
}

export type ContextLoader = (organizationId: string, permission: Permission) => Promise<OrganizationContext>

/** The organization's context, with a stranger's 404 replaced by the resource's when the call names one. */
async function contextFor(
  source: NamedOrganizationSource,
  load: ContextLoader,
  organizationId: string,
  permission: Permission,
) {
  const hidden = source.notFound ?? (source.owner ? OWNER_NOT_FOUND[source.owner] : undefined)
  try {
    return await load(organizationId, permission)
  } catch (error) {
    if (hidden && error instanceof AppError && error.code === 'organization.not_found')
      throw new AppError(hidden, NOT_FOUND[hidden])
    throw error
  }
}

type Event = APIGatewayProxyEventV2WithJWTAuthorizer

/** The raw value of the source's field (before the route's schemas run, so the gate answers first). */
function rawValue(source: NamedOrganizationSource, event: Event, body: unknown): unknown {
  if (source.in === 'query') return event.queryStringParameters?.[source.key]
  if (source.in === 'params') return event.pathParameters?.[source.key]
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[source.key] : undefined
}

function idOf(source: NamedOrganizationSource, event: Event, body: unknown): string | undefined {
  const value = rawValue(source, event, body)
  if (value === undefined && source.orSelected) return undefined
  const parsed = UlidSchema.safeParse(value)
  if (parsed.success) return parsed.data
  const where = source.in === 'params' ? 'path' : source.in
  const what = source.owner ? `the ${source.key}` : 'the organization id'
  throw new AppError('request.invalid', `${where}.${source.key}: this call needs ${what}.`)
}

export interface ResolveInput {
  route: RouteEntry
  event: Event
  body: unknown
  /** Reads the caller's context in an organization (membership, role, permission). */
  load: ContextLoader
  owners: OwnerLookups
  /** The authenticated caller (an API key's own organization for `{ in: 'apiKey' }` routes). */
  actor?: Actor
  /** The caller's selected organization, for routes defaulting to it. */
  selected: () => Promise<string | undefined>
}

/**
 * The context of a route acting for an organization, built once: the organization the call names (or its
 * resource's owner), the caller's role in it, the route's permission. Missing or malformed ids are 400.
 */
export async function resolveOrganization(input: ResolveInput): Promise<OrganizationContext | undefined> {
  const { route, event, body, load, owners } = input
  const source = route.organization
  if (!source || !route.permission) return undefined
  if (source.in === 'apiKey') {
    if (input.actor?.kind !== 'apiKey')
      throw new Error(`Route ${route.id} acts for an API key's organization`)
    return load(input.actor.organizationId, route.permission)
  }
  const id = idOf(source, event, body)
  if (!source.owner) {
    const organizationId = id ?? (await input.selected())
    if (!organizationId) throw new AppError('organization.not_found', 'No organization to act for.')
    return contextFor(source, load, organizationId, route.permission)
  }
  const lookup = owners[source.owner]
  if (!lookup) throw new Error(`Route ${route.id} needs the owner lookup of ${source.owner}`)
  const organizationId = id ? await lookup(id) : undefined
  if (!organizationId) {
    const code = OWNER_NOT_FOUND[source.owner]
    throw new AppError(code, NOT_FOUND[code])
  }
  return contextFor(source, load, organizationId, route.permission)
}
