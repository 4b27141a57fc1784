import { CALLBACK_COOKIE } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  callbackCookie,
  clearCallbackCookie,
  isSafeRedirectPath,
  postAuthDestination,
  readCookie,
  signedOutRedirect,
} from './callback'

const insecure = { secure: false }

describe('isSafeRedirectPath', () => {
  it.each([
    '/app',
    '/app/settings',
    '/app/templates?x=1',
    '/app/templates?next=https://evil.example',
    '/join?invitation=abc#top',
  ])('accepts the relative path %s', (path) => {
    expect(isSafeRedirectPath(path)).toBe(true)
  })

  it.each([
    '',
    'app',
    'https://evil.example/app',
    'javascript:alert(1)',
    '//evil.example',
    '//evil.example/app',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/app\\..\\evil',
    ' /app',
    `/${'a'.repeat(3000)}`,
  ])('rejects %j', (path) => {
    expect(isSafeRedirectPath(path)).toBe(false)
  })
})

describe('signedOutRedirect', () => {
  it('sends /app visitors to sign-in and remembers path and query for one day', () => {
    const result = signedOutRedirect({ pathname: '/app/templates', search: '?x=1' }, insecure)
    expect(result.to).toBe('/auth/sign-in')
    expect(result.cookie).toBe(
      `${CALLBACK_COOKIE}=${encodeURIComponent('/app/templates?x=1')}; Max-Age=86400; Path=/; SameSite=Lax`,
    )
  })

  it('sends /join visitors to sign-up and remembers the invitation', () => {
    const result = signedOutRedirect({ pathname: '/join', search: '?invitation=01J' }, insecure)
    expect(result.to).toBe('/auth/sign-up')
    expect(result.cookie).toContain(encodeURIComponent('/join?invitation=01J'))
    expect(signedOutRedirect({ pathname: '/join/01J', search: '' }, insecure).to).toBe('/auth/sign-up')
  })

  it('does not treat a path that merely starts with "join" as the join page', () => {
    expect(signedOutRedirect({ pathname: '/joinery', search: '' }, insecure).to).toBe('/auth/sign-in')
  })

  it.each(['/', '/auth/sign-in', '/auth/sign-up', '/auth/sign-in/'])('does not remember %s', (pathname) => {
    expect(signedOutRedirect({ pathname, search: '' }, insecure).cookie).toBeUndefined()
  })

  it('marks the cookie Secure on https', () => {
    expect(signedOutRedirect({ pathname: '/app', search: '' }, { secure: true }).cookie).toMatch(/; Secure$/)
  })

  it('never remembers a path that could leave the site', () => {
    expect(signedOutRedirect({ pathname: '//evil.example', search: '' }, insecure).cookie).toBeUndefined()
  })
})

describe('postAuthDestination', () => {
  const withCookie = (value: string) => `theme=dark; ${CALLBACK_COOKIE}=${encodeURIComponent(value)}; other=1`

  it('returns the remembered relative path', () => {
    expect(postAuthDestination(withCookie('/app/settings'))).toBe('/app/settings')
    expect(postAuthDestination(withCookie('/app/templates?x=1'))).toBe('/app/templates?x=1')
  })

  it('falls back to /app without a cookie', () => {
    expect(postAuthDestination('')).toBe('/app')
    expect(postAuthDestination('theme=dark')).toBe('/app')
  })

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/auth/sign-in',
  ])('ignores %j', (value) => {
    expect(postAuthDestination(withCookie(value))).toBe('/app')
  })

  it('ignores a cookie that is not valid percent-encoding', () => {
    expect(postAuthDestination(`${CALLBACK_COOKIE}=%E0%A4%A`)).toBe('/app')
  })
})

describe('cookies', () => {
  it('reads a cookie by exact name', () => {
    expect(readCookie('a=1; callbackx=2; callback=%2Fapp', 'callback')).toBe('/app')
    expect(readCookie('a=1', 'callback')).toBeUndefined()
  })

  it('builds a cookie that expires at once to clear the callback', () => {
    expect(clearCallbackCookie(insecure)).toBe(`${CALLBACK_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`)
    expect(callbackCookie('/app', { secure: true })).toContain('Secure')
  })
})
