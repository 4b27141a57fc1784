import { describe, expect, it } from 'vitest'
import { backoffDelay, type RetryOptions, retry } from './retry'

class Passing extends Error {}

/** Options with recorded sleeps and a fixed random. */
function recorded(overrides: Partial<RetryOptions> = {}) {
  const sleeps: number[] = []
  const options: RetryOptions = {
    attempts: 5,
    baseMs: 100,
    maxMs: 1_000,
    retryable: (error) => error instanceof Passing,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    ...overrides,
  }
  return { sleeps, options }
}

/** A call failing `failures` times with `error`, then answering 'ok'. */
function failing(failures: number, error: () => unknown = () => new Passing('again')) {
  const calls: number[] = []
  const fn = async (attempt: number) => {
    calls.push(attempt)
    if (calls.length <= failures) throw error()
    return 'ok'
  }
  return { calls, fn }
}

describe('retry', () => {
  it('returns the first success, pausing with full jitter under a doubling, capped ceiling', async () => {
    const { sleeps, options } = recorded({ attempts: 6 })
    const { calls, fn } = failing(5)
    expect(await retry(fn, options)).toBe('ok')
    expect(calls).toEqual([0, 1, 2, 3, 4, 5])
    // random 0.5 × min(1000, 100 × 2^n)
    expect(sleeps).toEqual([50, 100, 200, 400, 500])
  })

  it('full jitter spans 0..ceiling; equal jitter ceiling/2..ceiling', () => {
    const at = (random: number, jitter?: 'full' | 'equal') =>
      backoffDelay(3, { baseMs: 10, maxMs: 1_000, jitter, random: () => random })
    expect([at(0), at(0.999_999)]).toEqual([0, expect.closeTo(80, 3)])
    expect([at(0, 'equal'), at(0.999_999, 'equal')]).toEqual([40, expect.closeTo(80, 3)])
    expect(backoffDelay(40, { baseMs: 10, maxMs: 1_000, random: () => 1 })).toBe(1_000)
  })

  it('does not retry an error retryable refuses', async () => {
    const { sleeps, options } = recorded()
    const refused = new Error('bad input')
    const { calls, fn } = failing(1, () => refused)
    await expect(retry(fn, options)).rejects.toBe(refused)
    expect(calls).toEqual([0])
    expect(sleeps).toEqual([])
  })

  it('throws the last failure when the attempts are spent', async () => {
    const { sleeps, options } = recorded({ attempts: 3 })
    let count = 0
    const fn = async () => {
      count++
      throw new Passing(`failure ${count}`)
    }
    await expect(retry(fn, options)).rejects.toThrow('failure 3')
    expect(sleeps).toHaveLength(2)
  })

  it('gives up before a pause that would pass the deadline, with onDeadline’s error', async () => {
    const { sleeps, options } = recorded({
      attempts: Number.POSITIVE_INFINITY,
      now: () => 1_000,
      deadline: 1_150,
      onDeadline: () => new Error('time is up'),
    })
    const { calls, fn } = failing(10)
    // Pauses 50 and 100 fit (now + pause ≤ deadline); 200 does not.
    await expect(retry(fn, { ...options, now: () => 1_000 })).rejects.toThrow('time is up')
    expect(sleeps).toEqual([50, 100])
    expect(calls).toEqual([0, 1, 2])
  })

  it('waits through `wait` when given (told the failure), and not at all with baseMs 0', async () => {
    const waits: [number, unknown][] = []
    const { sleeps, options } = recorded({
      wait: async (ms, error) => {
        waits.push([ms, error])
      },
    })
    await retry(failing(1).fn, options)
    expect(waits).toEqual([[50, expect.any(Passing)]])
    expect(sleeps).toEqual([])
    const instant = recorded({ baseMs: 0 })
    await retry(failing(3).fn, instant.options)
    expect(instant.sleeps).toEqual([])
  })
})
