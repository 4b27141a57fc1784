import { describe, expect, it } from 'vitest'
import { SendSharePercentSchema } from '../aws-accounts/schemas'
import { campaignSendRate, SEND_STARTUP_SECONDS, sendTime } from './send-time'

describe('sendTime', () => {
  it('estimates before sending from MaxSendRate × share plus the start-up', () => {
    // The issue's case: 287 recipients at 14/s × 80 % = 11.2/s, not "under a minute" from the start.
    const time = sendTime({ remaining: 287, maxSendRate: 14, sharePercent: 80, todayAllows: 50_000 })
    expect(time.ratePerSecond).toBeCloseTo(11.2)
    expect(time.seconds).toBeCloseTo(SEND_STARTUP_SECONDS + 287 / 11.2)
    expect(time.overQuota).toBe(0)
  })

  it('follows the share: 100 % and 10 % of the limit', () => {
    expect(sendTime({ remaining: 1400, maxSendRate: 14, sharePercent: 100, todayAllows: null }).seconds).toBe(
      SEND_STARTUP_SECONDS + 100,
    )
    expect(campaignSendRate(14, 10)).toBeCloseTo(1.4)
  })

  it('while sending: the rest of the start-up, then the limiter rate, never the first seconds average', () => {
    const early = sendTime({
      remaining: 287,
      maxSendRate: 14,
      sharePercent: 80,
      todayAllows: 50_000,
      elapsedSeconds: 4,
    })
    expect(early.seconds).toBeCloseTo(SEND_STARTUP_SECONDS - 4 + 287 / 11.2)
    const sending = sendTime({
      remaining: 112,
      maxSendRate: 14,
      sharePercent: 80,
      todayAllows: 50_000,
      elapsedSeconds: 30,
      started: true,
    })
    expect(sending.seconds).toBeCloseTo(10)
    // A slow start-up never makes the time left negative or the rate zero.
    expect(
      sendTime({ remaining: 10, maxSendRate: 10, sharePercent: 100, todayAllows: 100, elapsedSeconds: 60 })
        .seconds,
    ).toBe(1)
  })

  it('stops at the daily quota and counts the rest as waiting for the next window', () => {
    const time = sendTime({
      remaining: 1000,
      maxSendRate: 10,
      sharePercent: 50,
      todayAllows: 200,
      started: true,
    })
    expect(time.seconds).toBe(40)
    expect(time.overQuota).toBe(800)
    expect(sendTime({ remaining: 5, maxSendRate: 10, sharePercent: 50, todayAllows: 0 })).toEqual({
      ratePerSecond: 5,
      seconds: 0,
      overQuota: 5,
    })
  })

  it('is done when nothing remains', () => {
    expect(sendTime({ remaining: 0, maxSendRate: 14, sharePercent: 80, todayAllows: 10 }).seconds).toBe(0)
  })
})

describe('SendSharePercentSchema', () => {
  it('takes whole percents from 10 to 100', () => {
    for (const value of [10, 80, 100]) expect(SendSharePercentSchema.parse(value)).toBe(value)
  })

  it('refuses 5, 101, 80.5 and "80" with a message naming the field', () => {
    for (const value of [5, 101, 80.5, '80', null]) {
      const result = SendSharePercentSchema.safeParse(value)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toMatch(/^sendSharePercent /)
    }
  })
})
