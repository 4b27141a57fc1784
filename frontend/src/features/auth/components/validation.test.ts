import { describe, expect, it } from 'vitest'
import { emailError, newPasswordError } from './validation'

describe('form validation', () => {
  it('asks for a plausible email', () => {
    expect(emailError('')).toBe('Enter your email address.')
    expect(emailError('ada')).toMatch(/valid email/)
    expect(emailError(' ada@example.com ')).toBeUndefined()
  })

  it('explains every missing password rule at once', () => {
    expect(newPasswordError('')).toBe('Choose a password.')
    expect(newPasswordError('abc')).toBe(
      'Password must contain at least 8 characters, an upper-case letter, a digit, a symbol.',
    )
    expect(newPasswordError('Str0ng!pass')).toBeUndefined()
  })
})
