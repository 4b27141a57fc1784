import {
  acceptsCaller,
  apiUrl,
  bearerAuthorization,
  buildPath,
  queryString,
  type RouteDefinition,
  type RouteRequest,
  type RouteRequestArgs,
  type RouteResponse,
} from '@app/contracts'
import { ApiError, apiErrorFromBody, NETWORK_ERROR_MESSAGE } from './api-error'
import { loadAppConfig } from './app-config'
import { filenameFromContentDisposition } from './download'

export type RequestOptions<R extends RouteDefinition> = RouteRequest<R>
// The URL and query rules are contracts' (`route-request.ts`), shared with the TypeScript client.
export { apiUrl, queryString }

interface SendOptions {
  params?: Record<string, string>
  query?: object
  body?: unknown
  signal?: AbortSignal
}

async function authorizationHeader(): Promise<string> {
  // Loaded on demand so pages that only call public routes never download the auth library.
  const { getIdToken } = await import('./amplify')
  const token = await getIdToken()
  if (!token) throw new ApiError(401, 'auth.unauthorized', 'Your session has ended. Sign in again.')
  return bearerAuthorization(token)
}

async function send(
  route: RouteDefinition,
  { params, query, body, signal }: SendOptions,
  accept: string,
): Promise<Response> {
  const config = await loadAppConfig()
  const headers: Record<string, string> = { accept }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (acceptsCaller(route, 'user')) headers.authorization = await authorizationHeader()

  let response: Response
  try {
    const path = buildPath(route.path, params) + queryString(query)
    response = await fetch(apiUrl(config.apiBaseUrl, path, window.location.origin), {
      method: route.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, 'network.unreachable', NETWORK_ERROR_MESSAGE)
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null)
    throw apiErrorFromBody(response.status, payload)
  }
  return response
}

/** Calls one route of the shared route table and returns its contract-checked response. */
export async function apiRequest<R extends RouteDefinition>(
  route: R,
  ...[options]: RouteRequestArgs<R>
): Promise<RouteResponse<R>> {
  const response = await send(route, (options ?? {}) as SendOptions, 'application/json')
  if (response.status === 204 || !route.response) return undefined as RouteResponse<R>

  const parsed = route.response.safeParse(await response.json().catch(() => null))
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'response.invalid',
      'The server sent an answer this app does not understand.',
    )
  }
  return parsed.data as RouteResponse<R>
}

export interface DownloadedFile {
  blob: Blob
  /** From the response's Content-Disposition, else the caller's fallback. */
  filename: string
}

/** Calls a route that answers with a file (`produces`), with the same auth and errors as `apiRequest`. */
export async function apiDownload<R extends RouteDefinition & { produces: string }>(
  route: R,
  options: RequestOptions<R> & { fallbackFilename: string },
): Promise<DownloadedFile> {
  const response = await send(route, options as SendOptions, `${route.produces}, application/json`)
  const filename = filenameFromContentDisposition(response.headers.get('content-disposition'))
  return { blob: await response.blob(), filename: filename ?? options.fallbackFilename }
}
