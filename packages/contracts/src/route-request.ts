import type { ErrorBody } from './errors'
import type { PathParamName, PathParams, RouteBody, RouteDefinition, RouteQuery } from './routes'

/**
 * How a caller of the route table (the web app's `apiRequest`, the TypeScript client `@ses-studio/client`) turns a
 * route and its input into a request: the URL, the query string, the `Authorization` header, the error body read
 * back. One copy, so both speak the API the same way.
 */

/** `params` carries exactly the `{name}` placeholders of the route's path: none, or every one of them. */
type ParamsOption<R extends RouteDefinition> = [PathParamName<R['path']>] extends [never]
  ? { params?: never }
  : { params: PathParams<R['path']> }

/** A call's input: its path parameters, query and body typed from the route's schemas (their input side). */
export type RouteRequest<R extends RouteDefinition> = ParamsOption<R> & {
  query?: RouteQuery<R>
  body?: RouteBody<R>
  signal?: AbortSignal
}

/** The input may be left out only when the path has no parameters to fill. */
export type RouteRequestArgs<R extends RouteDefinition, Options = RouteRequest<R>> = [
  PathParamName<R['path']>,
] extends [never]
  ? [options?: Options]
  : [options: Options]

/** Route paths are absolute (`/api/...`); `apiBaseUrl` only contributes its origin ('' or '/' = `origin`). */
export function apiUrl(apiBaseUrl: string, path: string, origin: string): string {
  return new URL(path, new URL(apiBaseUrl || '/', origin)).toString()
}

/** `?a=1&b=2` from the defined values of a query object, or '' when there are none. */
export function queryString(query: object | undefined): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value))
  }
  const encoded = search.toString()
  return encoded ? `?${encoded}` : ''
}

/** The `Authorization` header of a signed-in user (the ID token) or an API key (`ssk_live_…`). */
export function bearerAuthorization(credential: string): string {
  return `Bearer ${credential}`
}

/** `code` and `message` of an `{ error: { code, message, … } }` answer (with its other fields), else null. */
export function errorOfBody(body: unknown): ErrorBody['error'] | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null
  const { error } = body as { error: unknown }
  if (typeof error !== 'object' || error === null) return null
  const { code, message } = error as { code?: unknown; message?: unknown }
  return typeof code === 'string' && typeof message === 'string' ? (error as ErrorBody['error']) : null
}
