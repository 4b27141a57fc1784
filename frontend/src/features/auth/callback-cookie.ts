import { clearCallbackCookie, postAuthDestination, signedOutRedirect } from './callback'

function secure() {
  return window.location.protocol === 'https:'
}

/** Remembers where a signed-out visitor was going and returns the auth page to send them to. */
export function rememberCallback(url: URL): string {
  const { to, cookie } = signedOutRedirect(url, { secure: secure() })
  // biome-ignore lint/suspicious/noDocumentCookie: a plain session-independent cookie; the Cookie Store API is not in every browser yet
  if (cookie) document.cookie = cookie
  return to
}

/** Reads and clears the remembered destination; /app when there is none or it is not a safe relative path. */
export function takePostAuthDestination(): string {
  const destination = postAuthDestination(document.cookie)
  // biome-ignore lint/suspicious/noDocumentCookie: see rememberCallback
  document.cookie = clearCallbackCookie({ secure: secure() })
  return destination
}
