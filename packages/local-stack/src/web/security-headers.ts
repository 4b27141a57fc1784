import { contentSecurityPolicy, STATIC_SECURITY_HEADERS } from '@app/contracts'

/**
 * The SPA's headers as CloudFront sends them, from the same contracts, adjusted for http on localhost: no HSTS.
 * The Vite dev server also needs the CSP's dev allowances (its inline preamble and HMR websocket); the built
 * bundle (e2e) gets the production policy.
 */
export function localSecurityHeaders(
  connectOrigins: string[],
  { devServer = true }: { devServer?: boolean } = {},
): Record<string, string> {
  const { 'Strict-Transport-Security': _hsts, ...headers } = STATIC_SECURITY_HEADERS
  return {
    ...headers,
    'Content-Security-Policy': contentSecurityPolicy({ connectOrigins, devServer }),
  }
}
