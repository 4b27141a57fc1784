import { NETWORK_ERROR_MESSAGE } from '../../lib/api-error'

/** Spec §8 fallbacks. */
export const SIGN_IN_FAILED = 'Could not sign in because of an error'
export const SIGN_UP_FAILED = 'Could not sign up because of an error'
export const SIGN_OUT_FAILED = 'Could not sign out because of an error'

export const INCORRECT_CREDENTIALS = 'Incorrect email or password.'
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Wait a few minutes, then try again.'
export const EMAIL_ALREADY_REGISTERED =
  'An account with this email already exists. Sign in instead, or reset your password if you forgot it.'

export type AuthErrorKind =
  | 'incorrect-credentials'
  | 'email-taken'
  | 'too-many-requests'
  | 'network'
  | 'invalid-password'
  | 'invalid-input'
  | 'unknown'

interface NamedError {
  name?: unknown
  message?: unknown
}

function nameOf(error: unknown): string {
  const name = (error as NamedError | null)?.name
  return typeof name === 'string' ? name : ''
}

/** The identity provider's own sentence, when it sent one that is fit to show. */
function providerMessage(error: unknown): string | undefined {
  const message = (error as NamedError | null)?.message
  if (typeof message !== 'string' || message.trim() === '') return undefined
  // Browser fetch failures ("Failed to fetch", "NetworkError when…") and Amplify's internal "Unknown" errors are
  // not sentences for users.
  if (/failed to fetch|networkerror|load failed|unknown error/i.test(message)) return undefined
  return message.trim()
}

export function authErrorKind(error: unknown, flow: 'sign-in' | 'sign-up'): AuthErrorKind {
  const name = nameOf(error)
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      return 'incorrect-credentials'
    // The local Cognito stand-in answers a wrong password with InvalidPasswordException; on sign-up the same name
    // means the new password breaks the policy.
    case 'InvalidPasswordException':
      return flow === 'sign-in' ? 'incorrect-credentials' : 'invalid-password'
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return 'email-taken'
    case 'TooManyRequestsException':
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
      return 'too-many-requests'
    case 'NetworkError':
      return 'network'
    case 'InvalidParameterException':
    case 'EmptySignInUsername':
    case 'EmptySignInPassword':
    case 'EmptySignUpUsername':
    case 'EmptySignUpPassword':
      return 'invalid-input'
    default:
      if (error instanceof TypeError && /fetch|network/i.test(String(error.message))) return 'network'
      return 'unknown'
  }
}

export function signInErrorMessage(error: unknown): string {
  switch (authErrorKind(error, 'sign-in')) {
    case 'incorrect-credentials':
      return INCORRECT_CREDENTIALS
    case 'too-many-requests':
      return TOO_MANY_ATTEMPTS
    case 'network':
      return NETWORK_ERROR_MESSAGE
    default:
      return SIGN_IN_FAILED
  }
}

/** Spec §8: the provider's message, or the generic sentence; the common cases get a clearer one of ours. */
export function signUpErrorMessage(error: unknown): string {
  switch (authErrorKind(error, 'sign-up')) {
    case 'email-taken':
      return EMAIL_ALREADY_REGISTERED
    case 'too-many-requests':
      return TOO_MANY_ATTEMPTS
    case 'network':
      return NETWORK_ERROR_MESSAGE
    case 'invalid-password':
    case 'invalid-input':
      return providerMessage(error) ?? SIGN_UP_FAILED
    default:
      return nameOf(error).endsWith('Exception') ? (providerMessage(error) ?? SIGN_UP_FAILED) : SIGN_UP_FAILED
  }
}
