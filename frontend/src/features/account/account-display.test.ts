import { describe, expect, it } from 'vitest'
import { initialsOf, showsAdminPanel } from './account-display'

describe('initialsOf', () => {
  it('takes the first letters of the first two words of the name', () => {
    expect(initialsOf({ email: 'x@example.com', name: 'Ada Lovelace' })).toBe('AL')
    expect(initialsOf({ email: 'x@example.com', name: 'ada king lovelace' })).toBe('AK')
    expect(initialsOf({ email: 'x@example.com', name: 'Cher' })).toBe('C')
    expect(initialsOf({ email: 'x@example.com', name: 'Émile Zola' })).toBe('ÉZ')
  })

  it("falls back to the email's local part", () => {
    expect(initialsOf({ email: 'grace.hopper@example.com' })).toBe('GH')
    expect(initialsOf({ email: 'linus@example.com', name: '  ' })).toBe('L')
    expect(initialsOf({ email: 'e2e-app+123@example.com' })).toBe('EA')
  })
})

describe('showsAdminPanel', () => {
  it('shows only for the configured company domain', () => {
    expect(showsAdminPanel('ops@sesstudio.dev', 'sesstudio.dev')).toBe(true)
    expect(showsAdminPanel('OPS@SESSTUDIO.DEV', '@sesstudio.dev')).toBe(true)
    expect(showsAdminPanel('ops@mail.sesstudio.dev', 'sesstudio.dev')).toBe(true)
    expect(showsAdminPanel('ops@evil-sesstudio.dev', 'sesstudio.dev')).toBe(false)
    expect(showsAdminPanel('ops@sesstudio.dev', undefined)).toBe(false)
    expect(showsAdminPanel('ops@sesstudio.dev', ' ')).toBe(false)
  })
})
