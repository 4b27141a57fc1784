import { describe, expect, it } from 'vitest'
import { ControlPlaneThrottle } from './throttle'

describe('ControlPlaneThrottle', () => {
  it('passes a burst, then refills at the rate, per account and region', () => {
    const throttle = new ControlPlaneThrottle()
    const at = 1_000_000
    for (let call = 0; call < 5; call++) expect(throttle.take('a', 'us-east-1', at)).toBe(true)
    expect(throttle.take('a', 'us-east-1', at)).toBe(false)
    expect(throttle.take('a', 'eu-west-1', at)).toBe(true)
    expect(throttle.take('b', 'us-east-1', at)).toBe(true)
    expect(throttle.take('a', 'us-east-1', at + 500)).toBe(false)
    expect(throttle.take('a', 'us-east-1', at + 1000)).toBe(true)
  })

  it('takes per-account settings and resets', () => {
    const throttle = new ControlPlaneThrottle()
    throttle.configure({ enabled: false }, 'a')
    for (let call = 0; call < 50; call++) expect(throttle.take('a', 'us-east-1', 0)).toBe(true)
    throttle.configure({ burst: 1 })
    expect(throttle.take('b', 'us-east-1', 0)).toBe(true)
    expect(throttle.take('b', 'us-east-1', 0)).toBe(false)
    throttle.reset(undefined, true)
    expect(throttle.settingsFor('a')).toEqual({ rate: 1, burst: 5, enabled: true })
  })
})
