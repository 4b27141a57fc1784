import { STATIC_SECURITY_HEADERS } from '@app/contracts'
import { Duration } from 'aws-cdk-lib'
import {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  type ResponseCustomHeader,
  type ResponseSecurityHeadersBehavior,
} from 'aws-cdk-lib/aws-cloudfront'

export interface CloudFrontHeaders {
  securityHeadersBehavior: ResponseSecurityHeadersBehavior
  customHeaders: ResponseCustomHeader[]
}

/**
 * Translates the contracts' header list into CloudFront's response-headers policy. CloudFront refuses the
 * security headers as custom headers, so those become typed settings; anything else stays a custom header.
 */
export function cloudFrontHeaders(
  contentSecurityPolicy: string,
  headers: Record<string, string> = STATIC_SECURITY_HEADERS,
): CloudFrontHeaders {
  const behavior: {
    -readonly [K in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[K]
  } = {
    contentSecurityPolicy: { contentSecurityPolicy, override: true },
  }
  const customHeaders: ResponseCustomHeader[] = []
  for (const [header, value] of Object.entries(headers)) {
    switch (header.toLowerCase()) {
      case 'strict-transport-security':
        behavior.strictTransportSecurity = parseHsts(value)
        break
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new Error(`CloudFront can only send X-Content-Type-Options: nosniff`)
        behavior.contentTypeOptions = { override: true }
        break
      case 'x-frame-options':
        behavior.frameOptions = { frameOption: enumValue(HeadersFrameOption, value, header), override: true }
        break
      case 'referrer-policy':
        behavior.referrerPolicy = {
          referrerPolicy: enumValue(HeadersReferrerPolicy, value, header),
          override: true,
        }
        break
      case 'content-security-policy':
      case 'x-xss-protection':
        throw new Error(`${header} has its own setting; it cannot come from the static header list.`)
      default:
        customHeaders.push({ header, value, override: true })
    }
  }
  return { securityHeadersBehavior: behavior, customHeaders }
}

function parseHsts(value: string): NonNullable<ResponseSecurityHeadersBehavior['strictTransportSecurity']> {
  const directives = value.split(';').map((part) => part.trim().toLowerCase())
  const maxAge = directives.find((part) => part.startsWith('max-age='))?.slice('max-age='.length)
  if (maxAge === undefined || !/^\d+$/.test(maxAge))
    throw new Error(`Strict-Transport-Security lacks max-age: ${value}`)
  return {
    accessControlMaxAge: Duration.seconds(Number(maxAge)),
    includeSubdomains: directives.includes('includesubdomains'),
    preload: directives.includes('preload'),
    override: true,
  }
}

function enumValue<T extends Record<string, string>>(values: T, value: string, header: string): T[keyof T] {
  const match = Object.values(values).find((candidate) => candidate.toLowerCase() === value.toLowerCase())
  if (match === undefined) throw new Error(`CloudFront cannot send ${header}: ${value}`)
  return match as T[keyof T]
}
