import { describe, expect, it } from 'vitest'
import {
  EMAIL_ALREADY_REGISTERED,
  INCORRECT_CREDENTIALS,
  SIGN_IN_FAILED,
  SIGN_UP_FAILED,
  signInErrorMessage,
  signUpErrorMessage,
  TOO_MANY_ATTEMPTS,
} from './auth-errors'

function providerError(name: string, message = 'Provider says no.') {
  return Object.assign(new Error(message), { name })
}

describe('signInErrorMessage', () => {
  it.each(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'])(
    'says "incorrect email or password" for %s without revealing which',
    (name) => {
      expect(signInErrorMessage(providerError(name))).toBe(INCORRECT_CREDENTIALS)
    },
  )

  it.each(['TooManyRequestsException', 'LimitExceededException'])('asks to wait after %s', (name) => {
    expect(signInErrorMessage(providerError(name))).toBe(TOO_MANY_ATTEMPTS)
  })

  it('explains network failures', () => {
    expect(signInErrorMessage(providerError('NetworkError', 'A network error has occurred.'))).toMatch(
      /Could not reach the server/,
    )
    expect(signInErrorMessage(new TypeError('Failed to fetch'))).toMatch(/Could not reach the server/)
  })

  it('falls back to the spec sentence', () => {
    expect(signInErrorMessage(providerError('InternalErrorException'))).toBe(SIGN_IN_FAILED)
    expect(signInErrorMessage(undefined)).toBe(SIGN_IN_FAILED)
  })
})

describe('signUpErrorMessage', () => {
  it('explains an email that is already registered', () => {
    expect(signUpErrorMessage(providerError('UsernameExistsException'))).toBe(EMAIL_ALREADY_REGISTERED)
  })

  it("passes on the provider's message for a weak password", () => {
    const error = providerError('InvalidPasswordException', 'Password must have uppercase characters')
    expect(signUpErrorMessage(error)).toBe('Password must have uppercase characters')
  })

  it("shows other provider messages, or the spec's sentence", () => {
    expect(signUpErrorMessage(providerError('UserLambdaValidationException', 'Sign-up is closed.'))).toBe(
      'Sign-up is closed.',
    )
    expect(signUpErrorMessage(providerError('CodeDeliveryFailureException', ''))).toBe(SIGN_UP_FAILED)
    expect(signUpErrorMessage(new Error('x is undefined'))).toBe(SIGN_UP_FAILED)
  })

  it('handles throttling and network failures', () => {
    expect(signUpErrorMessage(providerError('TooManyRequestsException'))).toBe(TOO_MANY_ATTEMPTS)
    expect(signUpErrorMessage(new TypeError('Failed to fetch'))).toMatch(/Could not reach the server/)
  })
})
