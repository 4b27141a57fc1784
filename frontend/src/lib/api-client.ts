import { buildPath, type RouteBody, type RouteDefinition, type RouteResponse } from '@app/contracts'
import { ApiError, apiErrorFromBody, NETWORK_ERROR_MESSAGE } from './api-error'
import { loadAppConfig } from './app-config'

interface RequestOptions<R extends RouteDefinition> {
  params?: Record<string, string>
  body?: RouteBody<R>
  signal?: AbortSignal
}

/** Route paths are absolute (`/api/...`); `apiBaseUrl` only contributes its origin ('' or '/' = this site). */
export function apiUrl(apiBaseUrl: string, path: string, pageOrigin: string): string {
  return new URL(path, new URL(apiBaseUrl || '/', pageOrigin)).toString()
}

async function authorizationHeader(): Promise<string> {
  // Loaded on demand so pages that only call public routes never download the auth library.
  const { getIdToken } = await import('./amplify')
  const token = await getIdToken()
  if (!token) throw new ApiError(401, 'auth.unauthorized', 'Your session has ended. Sign in again.')
  return `Bearer ${token}`
}

/** Calls one route of the shared route table and returns its contract-checked response. */
export async function apiRequest<R extends RouteDefinition>(
  route: R,
  { params, body, signal }: RequestOptions<R> = {},
): Promise<RouteResponse<R>> {
  const config = await loadAppConfig()
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (!route.public) headers.authorization = await authorizationHeader()

  let response: Response
  try {
    response = await fetch(apiUrl(config.apiBaseUrl, buildPath(route.path, params), window.location.origin), {
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
