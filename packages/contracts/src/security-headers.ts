/**
 * The SPA's security headers, defined once: CloudFront's response-headers policy (infra) and the local
 * web server (local-stack) both build theirs from here.
 */
export interface CspOptions {
  /** Extra origins the browser calls directly (the Cognito endpoint, the hosted-UI domain). */
  connectOrigins: string[]
  /** The Vite dev server needs an inline refresh preamble and its HMR websocket. */
  devServer?: boolean
}

export function contentSecurityPolicy({ connectOrigins, devServer = false }: CspOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(devServer ? ["'unsafe-inline'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connectOrigins, ...(devServer ? ['ws:'] : [])],
    // Session replay compresses in a worker built from a blob URL.
    'worker-src': ["'self'", 'blob:'],
    // Template previews render in sandboxed iframes from srcdoc.
    'frame-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...connectOrigins],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

export const STATIC_SECURITY_HEADERS = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
} as const
