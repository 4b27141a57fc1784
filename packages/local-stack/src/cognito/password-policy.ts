import { PASSWORD_POLICY } from '@app/contracts'
import { CognitoFailure } from './cognito-errors'

// Cognito's special characters (its docs list them; the same set as the contracts' check).
const SYMBOL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]/
const MAX_LENGTH = 256

/**
 * What Cognito answers for a password the pool's policy refuses: the first broken rule, in Cognito's words.
 * The policy is the contracts' `PASSWORD_POLICY`, the one the deployed pool is created with.
 */
export function checkPassword(password: unknown, field = 'password'): CognitoFailure | undefined {
  if (typeof password !== 'string')
    return new CognitoFailure('InvalidParameterException', `Missing required parameter ${field}`)
  if (password.length > MAX_LENGTH)
    return new CognitoFailure(
      'InvalidParameterException',
      `1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must have length less than or equal to ${MAX_LENGTH}`,
    )
  if (/^\s|\s$/.test(password))
    return new CognitoFailure(
      'InvalidParameterException',
      `1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$`,
    )
  const broken = [
    [password.length < PASSWORD_POLICY.minimumLength, 'Password not long enough'],
    [PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password), 'Password must have lowercase characters'],
    [PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password), 'Password must have uppercase characters'],
    [PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password), 'Password must have numeric characters'],
    [PASSWORD_POLICY.requireSymbols && !SYMBOL.test(password), 'Password must have symbol characters'],
  ] as const
  const first = broken.find(([isBroken]) => isBroken)
  return first
    ? new CognitoFailure('InvalidPasswordException', `Password did not conform with policy: ${first[1]}`)
    : undefined
}
