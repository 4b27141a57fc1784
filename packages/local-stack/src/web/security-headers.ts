import { contentSecurityPolicy, STATIC_SECURITY_HEADERS } from '@app/contracts'

/**
 * The SPA's headers as CloudFront sends them, from the same contracts, adjusted for a dev server on http:
 * no HSTS, and the CSP's dev allowances (Vite's inline preamble and HMR websocket).
 */
export function localSecurityHeaders(connectOrigins: string[]): Record<string, string> {
  const { 'Strict-Transport-Security': _hsts, ...headers } = STATIC_SECURITY_HEADERS
  return {
    ...headers,
    'Content-Security-Policy': contentSecurityPolicy({ connectOrigins, devServer: true }),
  }
}
