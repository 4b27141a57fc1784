import { passwordProblems } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { checkPassword } from './password-policy'

const samples = [
  'Passw0rd!',
  'short1!A',
  'Sh0rt!',
  'nouppercase1!',
  'NOLOWERCASE1!',
  'NoDigits!!',
  'NoSymbols123',
  'With Space1!',
  'Ünïcødé-Passw0rd',
  'Tab\tInside1!',
  `${'a'.repeat(250)}A1!`,
]

describe('checkPassword', () => {
  it('agrees with the contracts’ policy, which the UI shows', () => {
    for (const password of samples)
      expect(checkPassword(password) === undefined, password).toBe(passwordProblems(password).length === 0)
  })

  it('names the first broken rule in Cognito’s words', () => {
    expect(checkPassword('Sh0rt!')).toMatchObject({
      type: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    })
    expect(checkPassword('NoSymbols123')?.message).toBe(
      'Password did not conform with policy: Password must have symbol characters',
    )
  })

  it('refuses leading or trailing whitespace and over-long passwords as invalid parameters', () => {
    expect(checkPassword(' Passw0rd!')?.type).toBe('InvalidParameterException')
    expect(checkPassword(`Passw0rd!${'x'.repeat(260)}`)?.type).toBe('InvalidParameterException')
    expect(checkPassword(undefined)?.type).toBe('InvalidParameterException')
  })
})
