import { describe, expect, it } from 'vitest'
import { EmailSchema } from './auth/schemas'
import { LeaveSandboxBodySchema } from './aws-accounts/schemas'
import { EMAIL_PATTERN } from './email-address'
import { buildOpenApiDocument } from './openapi'

const leave = (address: string) =>
  LeaveSandboxBodySchema.safeParse({
    mailType: 'MARKETING',
    websiteUrl: 'https://example.com',
    useCaseDescription:
      'We send a monthly newsletter to customers who opted in on our website checkout page.',
    additionalContactEmailAddresses: [address],
  }).success

describe('one email rule', () => {
  it('refuses a domain label ending or starting in "-" everywhere, and takes ordinary addresses', () => {
    for (const bad of [
      'ops@mail-.example.com',
      'ops@example-.com',
      'ops@-mail.example.com',
      'a..b@example.com',
    ]) {
      expect(EmailSchema.safeParse(bad).success, bad).toBe(false)
      expect(leave(bad), bad).toBe(false)
    }
    for (const good of ['ops@mail-1.example.com', "o'neil+news@Example.co.uk", 'a_b@x.io']) {
      expect(EmailSchema.safeParse(good).success, good).toBe(true)
      expect(leave(good), good).toBe(true)
    }
  })

  it('is the pattern the OpenAPI document states wherever it says format: email', () => {
    const found: unknown[] = []
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return
      const record = node as Record<string, unknown>
      if (record.format === 'email') found.push(record.pattern)
      for (const value of Object.values(record)) walk(value)
    }
    walk(buildOpenApiDocument())
    expect(found.length).toBeGreaterThan(5)
    expect(new Set(found)).toEqual(new Set([EMAIL_PATTERN.source]))
  })
})
