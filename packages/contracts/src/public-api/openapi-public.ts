import type { RouteDefinition } from '../route-definition'
import { codeSamples } from './code-samples'
import { PUBLIC_API_EXAMPLES } from './examples'

/**
 * What the OpenAPI document adds for the public API (`/api/v1/…`): operations tagged by resource, and the
 * documented example as parameter and body examples and as
 * `x-codeSamples` (curl, TypeScript).
 */

/** Every route API keys call from outside lives under it (`@ses-studio/client` keeps the same prefix). */
export const PUBLIC_API_PREFIX = '/api/v1/'

export const isPublicApiRoute = (route: Pick<RouteDefinition, 'path'>) =>
  route.path.startsWith(PUBLIC_API_PREFIX)

/** The public API's resources, by the path segment after `/api/v1/`, in the order the reference shows them. */
export const PUBLIC_API_RESOURCES = [
  {
    segment: 'contacts',
    name: 'Contacts',
    description:
      'The organization’s contacts, upserted by email one at a time or up to 1,000 per call, with their topic subscriptions (every change recorded on the contact’s consent trail with the source `api`).',
  },
  {
    segment: 'topics',
    name: 'Topics',
    description: 'The topics contacts subscribe to and campaigns are sent to.',
  },
  {
    segment: 'campaigns',
    name: 'Campaigns',
    description:
      'Campaigns made from a template and topics: create, schedule, send, pause, resume, cancel, follow their progress and read their report. The same rules as the dashboard: a change the status does not allow is 409 `campaigns.invalid_transition`.',
  },
  {
    segment: 'emails',
    name: 'Transactional email',
    description:
      'One of the organization’s templates, filled with data, sent to each recipient as its own message, paced with its campaigns. A suppressed address is refused in its own result.',
  },
] as const

/** The resource tag of a public route (its path's first segment after the prefix). */
export function resourceOf(route: Pick<RouteDefinition, 'path'>): string {
  const segment = route.path.slice(PUBLIC_API_PREFIX.length).split('/')[0] ?? ''
  return PUBLIC_API_RESOURCES.find((resource) => resource.segment === segment)?.name ?? segment
}

/** Document-level tags of the public API, with their descriptions. */
export function publicTags(): { name: string; description: string }[] {
  return [
    ...PUBLIC_API_RESOURCES.map(({ name, description }) => ({ name, description })),
    { name: 'Webhooks', description: 'The events an endpoint receives, signed (see Verifying signatures).' },
  ]
}

type Json = Record<string, unknown>

/** Adds the route's example to its parameters (`example`) and to its JSON body. */
function withExamples(operation: Json, example: (typeof PUBLIC_API_EXAMPLES)[string]): Json {
  const parameters = (operation.parameters as Json[]).map((parameter) => {
    const source =
      parameter.in === 'path' ? example.params : parameter.in === 'query' ? example.query : undefined
    const value =
      parameter.in === 'header'
        ? example.idempotencyKey
        : (source as Json | undefined)?.[parameter.name as string]
    return value === undefined ? parameter : { ...parameter, example: value }
  })
  const requestBody = operation.requestBody as { content: Record<string, Json> } | undefined
  const json = requestBody?.content['application/json']
  return {
    ...operation,
    parameters,
    ...(requestBody && json && example.body !== undefined
      ? {
          requestBody: {
            ...requestBody,
            content: { 'application/json': { ...json, example: example.body } },
          },
        }
      : {}),
  }
}

/** A public route's operation with its resource tag, scope and examples. */
export function publicOperation(route: { id: string } & RouteDefinition, operation: Json): Json {
  const example = PUBLIC_API_EXAMPLES[route.id]
  const scoped = { ...operation, tags: [resourceOf(route)] }
  if (!example) return scoped
  return { ...withExamples(scoped, example), 'x-codeSamples': codeSamples(route, example) }
}
