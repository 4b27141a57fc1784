import { batchWrite } from '@app/core/db/batch'
import { hourlyStatsPartition, hourlyStatsPrefix, organizationPartition } from '@app/core/db/keys'
import { queryShards } from '@app/core/db/shards'
import { transact } from '@app/core/db/transact'
import { countEvent, emptyCounts, readHourlyCounts } from '@app/core/ses-monitoring/hourly-counts.repo'
import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import './stack'

describe('hourly SES counts', () => {
  it('spreads an hour over shards and sums them with counts kept before sharding', async () => {
    const orgId = ulid()
    const awsId = ulid()
    const expires = Math.floor(Date.now() / 1000) + 3600
    const events = [
      ...Array.from({ length: 40 }, () => 'SEND' as const),
      ...Array.from({ length: 6 }, () => 'DELIVERY' as const),
      'BOUNCE' as const,
    ]
    await Promise.all(
      events.map((type) =>
        transact([countEvent(orgId, awsId, '2026-11-22T10', type, expires)], { conflictRetries: 10 }),
      ),
    )
    await transact([countEvent(orgId, awsId, '2026-11-22T12', 'SEND', expires)])
    // Another AWS account of the organization, and an hour outside the range, are not counted.
    await transact([countEvent(orgId, ulid(), '2026-11-22T10', 'SEND', expires)])
    await transact([countEvent(orgId, awsId, '2026-11-22T13', 'SEND', expires)])
    // Counted before sharding: one item per hour in the organization's partition.
    await batchWrite([
      {
        put: {
          PK: organizationPartition(orgId),
          SK: `${hourlyStatsPrefix(awsId)}2026-11-22T10`,
          entity: 'HourlyStats',
          sent: 2,
          bounced: 1,
        },
      },
    ])

    const shards = new Set((await queryShards(hourlyStatsPartition(orgId))).map((item) => item.PK))
    expect(shards.size).toBeGreaterThan(2)

    const counts = await readHourlyCounts(orgId, awsId, '2026-11-22T09', '2026-11-22T12')
    expect([...counts.keys()].sort()).toEqual(['2026-11-22T10', '2026-11-22T12'])
    expect(counts.get('2026-11-22T10')).toEqual({ ...emptyCounts(), sent: 42, delivered: 6, bounced: 2 })
    expect(counts.get('2026-11-22T12')).toEqual({ ...emptyCounts(), sent: 1 })
  })
})
