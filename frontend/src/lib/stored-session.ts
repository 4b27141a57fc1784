/**
 * Amplify keeps the signed-in user of each user-pool client in local storage under
 * `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` (and removes it on sign-out).
 */
const LAST_AUTH_USER_KEY = /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/

function browserStorage(): Pick<Storage, 'length' | 'key' | 'getItem'> | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * Whether this browser holds a session, read without the auth library so public pages stay light. A hint, not a
 * proof: the dashboard still checks the session (and asks to sign in again if it has expired).
 */
export function hasStoredSession(storage = browserStorage()): boolean {
  if (!storage) return false
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index)
      if (key && LAST_AUTH_USER_KEY.test(key) && storage.getItem(key)) return true
    }
  } catch {
    // Storage blocked by the browser's privacy settings: treat as signed out.
  }
  return false
}
