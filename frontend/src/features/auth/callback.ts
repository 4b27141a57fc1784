import { CALLBACK_COOKIE, CALLBACK_COOKIE_MAX_AGE_SECONDS } from '@app/contracts'
import { paths } from '../../lib/paths'

/** Where signed-in users land when nothing else was asked for (spec §2). */
export const DEFAULT_DESTINATION = paths.dashboard()
export const SIGN_IN_PATH = '/auth/sign-in'
export const SIGN_UP_PATH = '/auth/sign-up'

const NO_CALLBACK_PATHS = new Set(['/', SIGN_IN_PATH, SIGN_UP_PATH])
const PROBE_ORIGIN = 'https://callback.invalid'

function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname
}

/**
 * A path we may send the browser to after sign-in: same-origin and relative only. Rejects `//host`, `/\host`
 * (browsers read `\` as `/`), schemes and any whitespace or control character (browsers drop tabs and newlines,
 * which would turn `/\t/host` into `//host`).
 */
export function isSafeRedirectPath(path: string): boolean {
  if (!path.startsWith('/') || path.length > 2048) return false
  if (path[1] === '/' || path[1] === '\\') return false
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u0020\u007f\\]/.test(path)) return false
  try {
    return new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN
  } catch {
    return false
  }
}

/** Where a signed-out visitor is sent, and whether their original path should be remembered. */
export interface SignedOutRedirect {
  to: string
  /** The `document.cookie` assignment that stores the callback, when it should be stored. */
  cookie?: string
}

export function callbackCookie(path: string, { secure }: { secure: boolean }): string {
  return [
    `${CALLBACK_COOKIE}=${encodeURIComponent(path)}`,
    `Max-Age=${CALLBACK_COOKIE_MAX_AGE_SECONDS}`,
    'Path=/',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ')
}

export function clearCallbackCookie({ secure }: { secure: boolean }): string {
  return [`${CALLBACK_COOKIE}=`, 'Max-Age=0', 'Path=/', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join(
    '; ',
  )
}

/**
 * Spec §2: a signed-out visitor under /app goes to sign-in, one under /join to sign-up; the original path and
 * query are remembered for a day, except for the root, sign-in and sign-up.
 */
export function signedOutRedirect(
  location: { pathname: string; search: string },
  { secure }: { secure: boolean },
): SignedOutRedirect {
  const pathname = normalizePath(location.pathname)
  const to = pathname === '/join' || pathname.startsWith('/join/') ? SIGN_UP_PATH : SIGN_IN_PATH
  const path = `${location.pathname}${location.search}`
  if (NO_CALLBACK_PATHS.has(pathname) || !isSafeRedirectPath(path)) return { to }
  return { to, cookie: callbackCookie(path, { secure }) }
}

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=')
    if (separator === -1) continue
    if (part.slice(0, separator).trim() !== name) continue
    const raw = part.slice(separator + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      return undefined
    }
  }
  return undefined
}

/** After sign-in or sign-up: the remembered path when it is safe, otherwise /app. */
export function postAuthDestination(cookieHeader: string): string {
  const callback = readCookie(cookieHeader, CALLBACK_COOKIE)
  if (!callback || !isSafeRedirectPath(callback)) return DEFAULT_DESTINATION
  const pathname = normalizePath(new URL(callback, PROBE_ORIGIN).pathname)
  // Coming back to a sign-in or sign-up page would loop.
  if (pathname.startsWith('/auth/')) return DEFAULT_DESTINATION
  return callback
}
