import type { LocalStackConfig } from '../config'

export interface ApiResponse<T = unknown> {
  status: number
  headers: Headers
  /** Parsed JSON when the response is JSON, text otherwise, undefined when empty. */
  body: T
}

export interface RequestOptions {
  body?: unknown
  /** Sent as is (for malformed-JSON and size tests). */
  rawBody?: string | Uint8Array
  headers?: Record<string, string>
}

/** A small fetch wrapper for the local API gateway, with the ID token in `Authorization` when given. */
export function apiClient(config: LocalStackConfig, idToken?: string) {
  async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...options.headers }
    if (idToken) headers.authorization ??= idToken
    let body: string | Uint8Array | undefined = options.rawBody
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = await fetch(new URL(path, config.apiUrl), { method, headers, body })
    const text = await response.text()
    const isJson = response.headers.get('content-type')?.includes('json')
    const parsed = text === '' ? undefined : isJson ? JSON.parse(text) : text
    return { status: response.status, headers: response.headers, body: parsed as T } satisfies ApiResponse<T>
  }
  return {
    request,
    get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, { ...options, body }),
    put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, { ...options, body }),
    patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, { ...options, body }),
    delete: <T = unknown>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  }
}
