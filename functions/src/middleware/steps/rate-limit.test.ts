import { describe, expect, it } from 'vitest'
import { httpEvent } from '../handler-testing'
import { callFor, probeRoute, runBefore } from '../step-testing'
import { rateLimit, rateSubject } from './rate-limit'

const user = {
  kind: 'user',
  accountId: 'acc-1',
  username: 'ada',
  email: 'ada@example.com',
  emailVerified: true,
  groups: [],
} as const

describe('rate-limit step', () => {
  it('counts per caller, per organization or per address', () => {
    const event = httpEvent('GET /api/probe')
    event.requestContext.http.sourceIp = '203.0.113.9'
    const { call } = callFor(probeRoute(), event, {
      actor: user,
      context: { organizationId: 'org-1' } as never,
    })
    expect(rateSubject('caller', call, event)).toBe('caller:user:acc-1')
    expect(rateSubject('organization', call, event)).toBe('organization:org-1')
    expect(rateSubject('ip', call, event)).toBe('ip:203.0.113.9')
    const unknown = httpEvent('GET /api/probe')
    expect(rateSubject('ip', callFor(probeRoute(), unknown).call, unknown)).toBe('ip:unknown')
  })

  it('refuses a route whose subject the call lacks, as a bug', () => {
    const event = httpEvent('GET /api/probe')
    const { call } = callFor(probeRoute(), event)
    expect(() => rateSubject('caller', call, event)).toThrow(/per caller but has none/)
    expect(() => rateSubject('organization', call, event)).toThrow(/per organization but acts for none/)
  })

  it('does nothing for a route without a limit (no store touched)', async () => {
    const { request } = callFor(probeRoute(), httpEvent('GET /api/probe'))
    await expect(runBefore(rateLimit(), request)).resolves.toBeUndefined()
  })
})
