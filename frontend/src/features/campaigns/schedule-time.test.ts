import { describe, expect, it } from 'vitest'
import { isoToZoned, zonedText, zonedToIso } from './schedule-time'

describe('a schedule in a chosen time zone', () => {
  it('turns a wall-clock time in a zone into the instant, both ways', () => {
    expect(zonedToIso('2026-12-01', '09:30', 'Europe/Lisbon')).toBe('2026-12-01T09:30:00.000Z')
    expect(zonedToIso('2026-07-01', '09:30', 'Europe/Lisbon')).toBe('2026-07-01T08:30:00.000Z')
    expect(zonedToIso('2026-12-01', '09:30', 'America/New_York')).toBe('2026-12-01T14:30:00.000Z')
    expect(zonedToIso('2026-12-01', '09:30', 'Asia/Kolkata')).toBe('2026-12-01T04:00:00.000Z')
    expect(isoToZoned('2026-12-01T14:30:00.000Z', 'America/New_York')).toEqual({
      date: '2026-12-01',
      time: '09:30',
    })
  })

  it('handles the days clocks change', () => {
    // 2026-03-08 02:30 does not exist in New York: the clock moves forward.
    const gap = zonedToIso('2026-03-08', '02:30', 'America/New_York')
    expect(gap).toBeDefined()
    expect(Date.parse(gap ?? '')).toBeGreaterThanOrEqual(Date.parse('2026-03-08T06:30:00.000Z'))
    expect(zonedToIso('2026-03-08', '03:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z')
  })

  it('refuses what is not a date, a time or a zone', () => {
    expect(zonedToIso('2026-13-01', '09:30', 'UTC')).toBeUndefined()
    expect(zonedToIso('2026-12-01', '25:00', 'UTC')).toBeUndefined()
    expect(zonedToIso('2026-12-01', '09:30', 'Mars/Olympus')).toBeUndefined()
    expect(zonedText('2026-12-01T14:30:00.000Z', 'America/New_York')).toBe(
      'Dec 1, 2026, 9:30 AM (America/New York)',
    )
  })
})
