import type { Campaign, ReportCounts } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { ratesOf } from './report'
import { byVersion, sumCounts } from './template-analytics'

const counts = (over: Partial<ReportCounts>): ReportCounts => ({
  ...sumCounts([]),
  ...over,
})

const campaign = (id: string, startedAt: string | null) =>
  ({ id, name: `Campaign ${id}`, status: 'SENT', startedAt }) as Campaign

describe('per-template analytics', () => {
  it('sums every count field by field', () => {
    const sum = sumCounts([
      counts({ sent: 10, delivered: 9, uniqueOpens: 4, hardBounces: 1 }),
      counts({ sent: 5, delivered: 5, uniqueOpens: 1, softBounces: 2 }),
    ])
    expect(sum).toMatchObject({ sent: 15, delivered: 14, uniqueOpens: 5, hardBounces: 1, softBounces: 2 })
  })

  it('groups campaigns by pinned version, newest version first, rates from the sums', () => {
    const versions = byVersion([
      {
        version: 1,
        campaign: campaign('A', '2026-11-01T00:00:00.000Z'),
        counts: counts({ sent: 10, delivered: 10, uniqueOpens: 5 }),
      },
      {
        version: 2,
        campaign: campaign('B', '2026-11-02T00:00:00.000Z'),
        counts: counts({ sent: 4, delivered: 4, uniqueOpens: 3 }),
      },
      {
        version: 1,
        campaign: campaign('C', '2026-11-03T00:00:00.000Z'),
        counts: counts({ sent: 10, delivered: 6, uniqueOpens: 1 }),
      },
    ])
    expect(versions.map((version) => version.version)).toEqual([2, 1])
    const one = versions[1]
    expect(one?.campaigns.map((entry) => entry.id)).toEqual(['C', 'A'])
    expect(one?.counts).toMatchObject({ sent: 20, delivered: 16, uniqueOpens: 6 })
    // The open rate of the sums (6 / 16), not the mean of the campaigns' rates (0.5 and 0.17).
    expect(one?.rates.open).toBe(6 / 16)
    expect(one?.rates).toEqual(ratesOf(one?.counts as ReportCounts))
  })
})
