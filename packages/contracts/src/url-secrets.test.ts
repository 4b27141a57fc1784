import { describe, expect, it } from 'vitest'
import { isSecretParameter, scrubQueryString, scrubUrl } from './url-secrets'

describe('scrubUrl', () => {
  it('filters the values of secret query parameters and keeps the rest byte for byte', () => {
    expect(scrubUrl('https://app.example.com/join?token=abc123&org=o%201')).toBe(
      'https://app.example.com/join?token=[Filtered]&org=o%201',
    )
    expect(scrubUrl('/unsubscribe?c=42&sig=deadbeef&email=a%40b.c')).toBe(
      '/unsubscribe?c=42&sig=[Filtered]&email=a%40b.c',
    )
  })

  it('filters every secret-named parameter, whatever its case or separator', () => {
    const names = [
      'token',
      'sig',
      'signature',
      'code',
      'key',
      'inviteToken',
      'access_token',
      'X-Amz-Signature',
      'X-Amz-Credential',
      'X-Amz-Security-Token',
      'api_key',
      'apiKey',
      'client_secret',
      'password',
      'id_token',
    ]
    for (const name of names) {
      expect(scrubUrl(`/p?${name}=s3cr3t&page=2`), name).toBe(`/p?${name}=[Filtered]&page=2`)
    }
  })

  it('leaves ordinary parameters alone', () => {
    for (const name of ['awsAccount', 'review', 'type', 'cursor', 'choose', 'checkout', 'from', 'to', 'q']) {
      expect(isSecretParameter(name), name).toBe(false)
    }
    expect(scrubUrl('/app/templates/ses?awsAccount=acc_1&review=tpl_2')).toBe(
      '/app/templates/ses?awsAccount=acc_1&review=tpl_2',
    )
  })

  it('filters parameter-style fragments and keeps plain anchors', () => {
    expect(scrubUrl('https://app.example.com/auth/verify-email#token=abc')).toBe(
      'https://app.example.com/auth/verify-email#token=[Filtered]',
    )
    expect(scrubUrl('/auth/reset-password?x=1#token=abc&email=a')).toBe(
      '/auth/reset-password?x=1#token=[Filtered]&email=a',
    )
    expect(scrubUrl('/pricing#compare')).toBe('/pricing#compare')
  })

  it('handles repeated, empty, valueless and encoded names', () => {
    expect(scrubUrl('/x?token=a&token=b&flag&sig=&%74oken=c')).toBe(
      '/x?token=[Filtered]&token=[Filtered]&flag&sig=[Filtered]&%74oken=[Filtered]',
    )
    expect(scrubUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1')
  })

  it('scrubs bare query strings (as Sentry and API Gateway hold them)', () => {
    expect(scrubQueryString('token=abc&a=1')).toBe('token=[Filtered]&a=1')
    expect(scrubQueryString('?code=abc')).toBe('?code=[Filtered]')
    expect(scrubQueryString('')).toBe('')
  })
})
