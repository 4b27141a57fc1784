import { describe, expect, it } from 'vitest'
import { throttleBackoff } from './backoff'

describe('throttle backoff', () => {
  it('doubles its ceiling per attempt, up to the cap', () => {
    const top = (attempt: number) => throttleBackoff(attempt, { random: () => 1 })
    expect([0, 1, 2, 3, 4, 5, 6].map(top)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000])
    expect(throttleBackoff(1000, { random: () => 1 })).toBe(30_000)
  })

  it('waits at least half the ceiling and spreads callers over the other half', () => {
    expect(throttleBackoff(2, { random: () => 0 })).toBe(2000)
    expect(throttleBackoff(2, { random: () => 0.5 })).toBe(3000)
    const pauses = new Set(Array.from({ length: 50 }, () => throttleBackoff(3)))
    expect(pauses.size).toBeGreaterThan(40)
    for (const pause of pauses) expect(pause >= 4000 && pause <= 8000).toBe(true)
  })

  it('takes its own base and cap', () => {
    expect(throttleBackoff(3, { baseMs: 50, capMs: 300, random: () => 1 })).toBe(300)
    expect(throttleBackoff(1, { baseMs: 50, capMs: 300, random: () => 0 })).toBe(50)
  })
})
