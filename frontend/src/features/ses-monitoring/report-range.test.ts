import { TimeSeriesQuerySchema } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { bucketLabel, bucketLongLabel, REPORT_RANGES, reportRange, startOfZonedDay } from './report-range'

const NOW = Date.parse('2025-03-05T14:23:45.678Z')

describe('reportRange', () => {
  it('covers the last 24 whole hours, the current one included', () => {
    expect(reportRange('24h', NOW, 'UTC')).toEqual({
      from: '2025-03-04T15:00:00.000Z',
      to: '2025-03-05T15:00:00.000Z',
      timeZone: 'UTC',
      granularity: 'hour',
    })
  })

  it('cuts hours in zones offset by half an hour', () => {
    // 14:23Z is 19:53 in Kolkata (+05:30): the hour began at 19:00 local, 13:30Z.
    expect(reportRange('24h', NOW, 'Asia/Kolkata')).toMatchObject({
      from: '2025-03-04T14:30:00.000Z',
      to: '2025-03-05T14:30:00.000Z',
    })
  })

  it('covers whole days in the zone, today included', () => {
    expect(reportRange('7d', NOW, 'UTC')).toMatchObject({
      from: '2025-02-27T00:00:00.000Z',
      to: '2025-03-06T00:00:00.000Z',
      granularity: 'day',
    })
    // Already March 6th in Auckland (+13:00).
    expect(reportRange('7d', NOW, 'Pacific/Auckland')).toMatchObject({
      from: '2025-02-27T11:00:00.000Z',
      to: '2025-03-06T11:00:00.000Z',
    })
    expect(reportRange('30d', NOW, 'America/New_York')).toMatchObject({
      from: '2025-02-04T05:00:00.000Z',
      to: '2025-03-06T05:00:00.000Z',
    })
  })

  it('follows daylight saving time at the ends of the range', () => {
    // Paris moves from +01:00 to +02:00 on March 30th, 2025.
    const range = reportRange('7d', Date.parse('2025-04-02T10:00:00Z'), 'Europe/Paris')
    expect(range.from).toBe('2025-03-26T23:00:00.000Z')
    expect(range.to).toBe('2025-04-02T22:00:00.000Z')
  })

  it('always asks for a range the API accepts', () => {
    for (const id of REPORT_RANGES) {
      for (const zone of ['UTC', 'Pacific/Kiritimati', 'America/Santiago', 'Asia/Kathmandu']) {
        const range = reportRange(id, NOW, zone)
        expect(
          TimeSeriesQuerySchema.safeParse({ organizationId: '01HZX3K5V6W7X8Y9Z0ABCDEFGH', ...range }).success,
        ).toBe(true)
      }
    }
  })
})

describe('startOfZonedDay', () => {
  it('rolls days past the end of a month over', () => {
    expect(new Date(startOfZonedDay(2025, 2, 29, 'UTC')).toISOString()).toBe('2025-03-01T00:00:00.000Z')
    expect(new Date(startOfZonedDay(2025, 1, 0, 'UTC')).toISOString()).toBe('2024-12-31T00:00:00.000Z')
  })
})

describe('bucket labels', () => {
  it('names hours and days in the zone', () => {
    expect(bucketLabel('2025-03-05T00:00:00.000Z', 'hour', 'UTC')).toBe('00:00')
    expect(bucketLabel('2025-03-05T13:00:00.000Z', 'hour', 'Europe/Paris')).toBe('14:00')
    expect(bucketLabel('2025-03-04T23:00:00.000Z', 'day', 'Europe/Paris')).toBe('Mar 5')
    expect(bucketLongLabel('2025-03-05T13:00:00.000Z', 'hour', 'UTC')).toBe('Wed, Mar 5, 13:00')
    expect(bucketLongLabel('2025-03-05T00:00:00.000Z', 'day', 'UTC')).toBe('Wed, Mar 5, 2025')
  })
})
