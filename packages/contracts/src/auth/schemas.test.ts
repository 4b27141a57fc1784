import { describe, expect, it } from 'vitest'
import { EmailSchema, passwordProblems } from './schemas'

describe('password policy', () => {
  it('accepts a password meeting every Cognito default rule', () => {
    expect(passwordProblems('Sturdy-Pass1')).toEqual([])
  })

  it.each([
    ['short', 'Ab1!', 'at least 8 characters'],
    ['no upper', 'sturdy-pass1', 'an upper-case letter'],
    ['no lower', 'STURDY-PASS1', 'a lower-case letter'],
    ['no digit', 'Sturdy-Pass', 'a digit'],
    ['no symbol', 'SturdyPass1', 'a symbol'],
  ])('names what is missing (%s)', (_, password, problem) => {
    expect(passwordProblems(password)).toContain(problem)
  })
})

describe('email', () => {
  it('normalises case and whitespace before it reaches keys', () => {
    expect(EmailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com')
  })

  it('refuses what is not an address', () => {
    expect(EmailSchema.safeParse('ada@').success).toBe(false)
  })
})
