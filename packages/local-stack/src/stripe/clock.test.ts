import { describe, expect, it } from 'vitest'
import { addInterval } from './clock'

const at = (iso: string) => Date.parse(iso) / 1000
const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

describe('addInterval', () => {
  it('keeps the day of the month, clamped to shorter months, like Stripe’s billing anchor', () => {
    expect(iso(addInterval(at('2026-01-15T10:00:00Z'), 'month'))).toBe('2026-02-15T10:00:00.000Z')
    expect(iso(addInterval(at('2026-01-31T10:00:00Z'), 'month'))).toBe('2026-02-28T10:00:00.000Z')
    expect(iso(addInterval(at('2028-01-31T10:00:00Z'), 'month'))).toBe('2028-02-29T10:00:00.000Z')
    expect(iso(addInterval(at('2026-12-31T23:59:59Z'), 'month'))).toBe('2027-01-31T23:59:59.000Z')
  })

  it('adds years, days and weeks', () => {
    expect(iso(addInterval(at('2028-02-29T00:00:00Z'), 'year'))).toBe('2029-02-28T00:00:00.000Z')
    expect(iso(addInterval(at('2026-03-01T00:00:00Z'), 'week', 2))).toBe('2026-03-15T00:00:00.000Z')
    expect(iso(addInterval(at('2026-03-01T00:00:00Z'), 'day'))).toBe('2026-03-02T00:00:00.000Z')
  })
})
