import { API_KEY_RATE_LIMIT, apiKeyPrefix } from '../api-keys/schemas'
import { API_SCOPE_LABELS, API_SCOPE_LIST } from '../api-keys/scopes'
import { appPaths } from '../app-paths'
import { statusForError } from '../errors'
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_TTL_SECONDS,
  IDEMPOTENT_REPLAYED_HEADER,
  PUBLIC_API_RATE_LIMIT,
  RATE_LIMIT_HEADERS,
  type RouteDefinition,
  routeErrors,
} from '../route-definition'
import { WEBHOOK_EVENT_GROUPS } from '../webhooks/event-types'
import { WEBHOOK_VERIFY_SNIPPET } from '../webhooks/verify-snippet'
import { WEBHOOK_HEADERS, WEBHOOK_REPLAY_TOLERANCE_SECONDS } from './webhook-docs'

/**
 * The public API's guide: the OpenAPI document's `info.description` (Markdown, one `##` section each), written from
 * the contracts' constants and the route table, so the reference page, Redoc-like viewers and the API agree.
 */

type PublicRoute = { id: string } & RouteDefinition

const code = (value: string | number) => `\`${value}\``
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`
const table = (header: string[], rows: (string | number)[][]) =>
  [row(header), row(header.map(() => '---')), ...rows.map(row)].join('\n')

function authentication(): string {
  return `## Authentication

Every call takes one of the organization's API keys in the ${code('Authorization')} header: ${code(`Authorization: Bearer ${apiKeyPrefix('<keyId>')}_<secret>`)}. An owner or admin creates keys in the dashboard under Organization → API keys (${code(appPaths.apiKeys())}); a key is shown once, stored only as a hash, and acts for its own organization (no call names one). A missing, unknown or revoked key is refused with 401 ${code('auth.unauthorized')}, at once after a revocation. The dashboard's sign-in does not open this API, and a key does not open the dashboard's.`
}

function scopes(routes: PublicRoute[]): string {
  const rows = API_SCOPE_LIST.map((scope) => [
    code(scope),
    API_SCOPE_LABELS[scope],
    routes
      .filter((route) => route.scope === scope)
      .map((route) => code(route.id))
      .join(', ') || '—',
  ])
  return `## Scopes

A key holds the scopes it was given, and each operation needs one; without it the call is refused with 403 ${code('permission.denied')}. A member can only grant scopes their own role allows.

${table(['Scope', 'Allows', 'Operations'], rows)}`
}

function errors(routes: PublicRoute[]): string {
  const codes = [...new Set(routes.flatMap((route) => routeErrors(route)))]
  const shared = codes.filter((errorCode) => routes.every((route) => routeErrors(route).includes(errorCode)))
  const rows = shared
    .map((errorCode): [number, string] => [statusForError(errorCode), code(errorCode)])
    .sort(([a], [b]) => a - b)
  return `## Errors

Every error answers one JSON shape, ${code('{ "error": { "code": "…", "message": "…" } }')}: ${code('code')} is stable and dotted (${code('<domain>.<reason>')}), to branch on; ${code('message')} is for people and may change. A refused request changes nothing. Each operation lists the codes it can answer, by status; these apply to every operation:

${table(['Status', 'Code'], rows)}`
}

function pagination(): string {
  return `## Pagination

A list answers one page, ${code('{ "items": […], "nextCursor": "…" }')}, newest or alphabetical first as the operation says. To read on, send ${code('cursor')} = ${code('nextCursor')} with the same other parameters; ${code('nextCursor')} is ${code('null')} on the last page. ${code('limit')} sets the page size (each list states its default and maximum). A cursor is opaque and signed: it is bound to its list, organization and filters, and any other value is refused with 400 ${code('request.invalid')}. A filtered page may come back short and still have a ${code('nextCursor')}.`
}

function idempotency(): string {
  const hours = IDEMPOTENCY_TTL_SECONDS / 3600
  return `## Idempotency

Every ${code('POST')} takes an optional ${code(IDEMPOTENCY_KEY_HEADER)} header (printable ASCII, ${code(IDEMPOTENCY_KEY_PATTERN.source)}; a new UUID for each new request). Within ${hours} hours, the same key sent again by the same API key to the same operation with the same request answers the first answer again, with ${code(`${IDEMPOTENT_REPLAYED_HEADER}: true`)}, and does nothing more. The same key with another request is refused with ${statusForError('idempotency.key_reused')} ${code('idempotency.key_reused')}; while the first request is still running, a second gets ${statusForError('idempotency.in_progress')} ${code('idempotency.in_progress')}: retry it after a moment. A 5xx or a 429 is not kept, so a retry runs the request again.`
}

function rateLimits(): string {
  const { limit, windowSeconds } = PUBLIC_API_RATE_LIMIT
  return `## Rate limits

Each API key has its own limit, ${limit} requests a minute unless the key was given another (${API_KEY_RATE_LIMIT.min}–${API_KEY_RATE_LIMIT.max}), counted over every operation together in a fixed window of ${windowSeconds} seconds shared by every server. Every answer says where the key stands: ${code(RATE_LIMIT_HEADERS.limit)} (the limit), ${code(RATE_LIMIT_HEADERS.remaining)} (requests left in the window) and ${code(RATE_LIMIT_HEADERS.reset)} (seconds until the window ends). Past the limit the answer is 429 ${code('rate.limited')} with ${code(RATE_LIMIT_HEADERS.retryAfter)}: the seconds to wait.`
}

function webhooks(): string {
  const rows = WEBHOOK_EVENT_GROUPS.flatMap((group) =>
    group.types.map((entry) => [code(entry.type), group.label, entry.label]),
  )
  return `## Webhooks

An owner or admin adds endpoints (https URLs) under Organization → Webhooks (${code(appPaths.webhooks())}) and chooses the events each receives. An event is sent as a ${code('POST')} of JSON, the envelope ${code('{ "id", "type", "occurredAt", "organizationId", "actor", "payload" }')} (each type's payload is in this document's webhooks). Any 2xx answer within 5 seconds delivers it; anything else is retried with exponential backoff for about a day, and an endpoint that fails every attempt is disabled (${code('webhook_endpoint.disabled')}). The dashboard keeps each endpoint's delivery log and redelivers by hand. ${code('id')} stays the same on every retry: use it to ignore a duplicate.

${table(['Event', 'Group', 'When'], rows)}

## Verifying signatures

Every delivery is signed with the endpoint's secret (${code('whsec_…')}, shown once when the endpoint is created or its secret rotated), as Standard Webhooks do. The headers: ${code(WEBHOOK_HEADERS.id)} (the event id), ${code(WEBHOOK_HEADERS.timestamp)} (Unix seconds of this attempt) and ${code(WEBHOOK_HEADERS.signature)}: ${code('v1,')} and the base64 HMAC-SHA256 of ${code('<id>.<timestamp>.<body>')}, keyed with the base64-decoded part of the secret after ${code('whsec_')}. During a secret rotation the header carries two signatures, space-separated: accept either. Check the raw body before parsing it, compare in constant time, and refuse a timestamp more than ${WEBHOOK_REPLAY_TOLERANCE_SECONDS / 60} minutes from your clock (a replay). In Node:

\`\`\`js
${WEBHOOK_VERIFY_SNIPPET.trimEnd()}
\`\`\``
}

export function publicApiGuide(routes: PublicRoute[]): string {
  return [
    'The SES Studio public API: contacts, topics, campaigns and transactional email of one organization, as JSON over HTTPS under `/api/v1/`.',
    authentication(),
    scopes(routes),
    errors(routes),
    pagination(),
    idempotency(),
    rateLimits(),
    webhooks(),
  ].join('\n\n')
}
