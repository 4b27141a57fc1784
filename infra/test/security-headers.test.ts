import { STATIC_SECURITY_HEADERS } from '@app/contracts'
import { HeadersFrameOption, HeadersReferrerPolicy } from 'aws-cdk-lib/aws-cloudfront'
import { describe, expect, test } from 'vitest'
import { cloudFrontHeaders } from '../lib/security-headers'

describe('CloudFront security headers from the contracts list', () => {
  test('security headers become typed settings, the rest custom headers', () => {
    const { securityHeadersBehavior, customHeaders } = cloudFrontHeaders("default-src 'self'")
    expect(securityHeadersBehavior.contentSecurityPolicy).toEqual({
      contentSecurityPolicy: "default-src 'self'",
      override: true,
    })
    expect(securityHeadersBehavior.strictTransportSecurity?.accessControlMaxAge.toSeconds()).toBe(63072000)
    expect(securityHeadersBehavior.strictTransportSecurity).toMatchObject({
      includeSubdomains: true,
      preload: true,
    })
    expect(securityHeadersBehavior.frameOptions?.frameOption).toBe(HeadersFrameOption.DENY)
    expect(securityHeadersBehavior.referrerPolicy?.referrerPolicy).toBe(
      HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
    )
    expect(customHeaders).toEqual([
      { header: 'Permissions-Policy', value: STATIC_SECURITY_HEADERS['Permissions-Policy'], override: true },
    ])
  })

  test('a header CloudFront cannot send fails synth instead of shipping something else', () => {
    expect(() => cloudFrontHeaders('', { 'X-Frame-Options': 'ALLOW-FROM https://example.com' })).toThrow()
    expect(() => cloudFrontHeaders('', { 'Content-Security-Policy': "default-src 'none'" })).toThrow()
    expect(() => cloudFrontHeaders('', { 'Strict-Transport-Security': 'includeSubDomains' })).toThrow()
  })
})
