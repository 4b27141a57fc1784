import { describe, expect, it } from 'vitest'
import { copyName, suggestTemplateName, templateNameProblem, uniqueName } from './template-name'

describe('template names (SES: letters, digits, _ and -, at most 64)', () => {
  it('says what is wrong with a name', () => {
    expect(templateNameProblem('welcome_v2-final')).toBeUndefined()
    expect(templateNameProblem('')).toBe('Name the template.')
    expect(templateNameProblem('Welcome email')).toMatch(/no spaces/)
    expect(templateNameProblem('a'.repeat(65))).toMatch(/1–64/)
  })

  it('suggests a valid name from free text', () => {
    expect(suggestTemplateName('  Welcome email (v2)! ')).toBe('Welcome-email-v2')
    expect(suggestTemplateName('Crème brûlée')).toBe('Creme-brulee')
    expect(suggestTemplateName('!!!')).toBe('template')
    expect(suggestTemplateName('x'.repeat(80))).toHaveLength(64)
  })

  it('names copies without clashing or growing past 64 characters', () => {
    expect(copyName('welcome')).toBe('welcome-copy')
    expect(copyName('welcome', new Set(['welcome-copy']))).toBe('welcome-copy-2')
    const long = copyName('a'.repeat(64))
    expect(long).toHaveLength(64)
    expect(long.endsWith('-copy')).toBe(true)
  })

  it('finds a free name for a starter', () => {
    expect(uniqueName('welcome', new Set())).toBe('welcome')
    expect(uniqueName('welcome', new Set(['welcome', 'welcome-2']))).toBe('welcome-3')
  })
})
