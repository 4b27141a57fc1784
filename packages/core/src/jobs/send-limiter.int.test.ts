import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import type { SendQuota } from './send-bucket'
import { holdSends, leaseSendTokens } from './send-limiter'

const FAR = Number.POSITIVE_INFINITY

/** A GetAccount stand-in that counts its calls (the limiter's input from SES; the storage under test is real). */
function quotaSource(quota: SendQuota) {
  const source = {
    calls: 0,
    read: async () => {
      source.calls++
      return quota
    },
  }
  return source
}

/** `count` leases of up to `want` by one caller, one after the other. */
async function caller(
  account: string,
  count: number,
  readQuota: () => Promise<SendQuota>,
  want = 50,
): Promise<Array<{ granted: number; notBefore: number; waitUntil?: number }>> {
  const answers = []
  for (let i = 0; i < count; i++)
    answers.push(await leaseSendTokens({ account, region: 'eu-west-1', want, deadline: FAR, readQuota }))
  return answers
}

describe('the shared send limiter on DynamoDB', () => {
  it('gives two concurrent callers one schedule: no lease overlaps another, the rate is the share', async () => {
    const account = `1${ulid().slice(-11)}`
    const source = quotaSource({ maxSendRate: 50, max24HourSend: 1_000_000, sentLast24Hours: 0 })
    const [a, b] = await Promise.all([caller(account, 15, source.read), caller(account, 15, source.read)])
    const leases = [...(a ?? []), ...(b ?? [])].sort((x, y) => x.notBefore - y.notBefore)
    expect(leases).toHaveLength(30)
    // 80 % of 50/s = 40/s, and a lease holds 5 (about an eighth of a second's rate).
    for (const lease of leases) expect(lease.granted).toBe(5)
    for (let i = 1; i < leases.length; i++) {
      const gap = (leases[i]?.notBefore ?? 0) - (leases[i - 1]?.notBefore ?? 0)
      expect(gap).toBeGreaterThanOrEqual((5 / 40) * 1000 - 1e-6)
    }
    // The first read serves both callers while it is fresh (both may read it at once while the item is new).
    expect(source.calls).toBeLessThanOrEqual(2)
  })

  it('never grants two concurrent callers more than the daily quota left, then says until when', async () => {
    const account = `2${ulid().slice(-11)}`
    const source = quotaSource({ maxSendRate: 1000, max24HourSend: 500, sentLast24Hours: 390 })
    const [a, b] = await Promise.all([caller(account, 6, source.read), caller(account, 6, source.read)])
    const all = [...(a ?? []), ...(b ?? [])]
    expect(all.reduce((sum, lease) => sum + lease.granted, 0)).toBe(110)
    const refused = all.filter((lease) => lease.granted === 0)
    expect(refused.length).toBeGreaterThan(0)
    for (const lease of refused) expect(lease.waitUntil).toBeGreaterThan(Date.now() + 23 * 3_600_000)
  })

  it('keeps everyone back after a throttle', async () => {
    const account = `3${ulid().slice(-11)}`
    const source = quotaSource({ maxSendRate: 14, max24HourSend: 1000, sentLast24Hours: 0 })
    const until = Date.now() + 60_000
    await holdSends(account, 'eu-west-1', until)
    const [lease] = await caller(account, 1, source.read, 2)
    expect(lease?.notBefore).toBe(until)
    expect(lease?.granted).toBe(2)
  })

  it('reserves nothing past the deadline, and goes on with the cached quota when GetAccount fails', async () => {
    const account = `4${ulid().slice(-11)}`
    const source = quotaSource({ maxSendRate: 14, max24HourSend: 1000, sentLast24Hours: 0 })
    await caller(account, 20, source.read, 2)
    const failures: unknown[] = []
    const late = await leaseSendTokens(
      { account, region: 'eu-west-1', want: 2, deadline: Date.now() + 500, readQuota: source.read },
      { onQuotaReadFailed: (error) => failures.push(error) },
    )
    expect(late.granted).toBe(0)
    const next = await leaseSendTokens({
      account,
      region: 'eu-west-1',
      want: 2,
      deadline: FAR,
      readQuota: source.read,
    })
    expect(next.notBefore).toBe(late.notBefore)
    const stale = await leaseSendTokens(
      {
        account,
        region: 'eu-west-1',
        want: 2,
        deadline: FAR,
        readQuota: () => Promise.reject(new Error('throttled')),
      },
      { now: () => Date.now() + 10 * 60_000, onQuotaReadFailed: (error) => failures.push(error) },
    )
    expect(stale.granted).toBe(2)
    expect(failures).toHaveLength(1)
  })
})
