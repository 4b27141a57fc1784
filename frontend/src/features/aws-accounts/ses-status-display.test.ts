import { describe, expect, it } from 'vitest'
import {
  enforcementText,
  formatCheckedAt,
  quotaUsage,
  reviewText,
  sendRateText,
  statusGuidance,
} from './ses-status-display'

describe('quotaUsage (the 24-hour gauge)', () => {
  it('shows the sandbox quota untouched', () => {
    expect(quotaUsage({ max24HourSend: 200, maxSendRate: 1, sentLast24Hours: 0 })).toEqual({
      sent: 0,
      max: 200,
      remaining: 200,
      ratio: 0,
      percent: 0,
      level: 'ok',
      text: '0 of 200 sent in the last 24 hours (0 %), 200 left',
    })
  })

  it('rounds down, so the gauge never reads 100 % before the quota is used up', () => {
    const usage = quotaUsage({ max24HourSend: 50_000, maxSendRate: 14, sentLast24Hours: 49_999 })
    expect(usage.percent).toBe(99)
    expect(usage.remaining).toBe(1)
    expect(usage.level).toBe('high')
    expect(usage.text).toBe('49,999 of 50,000 sent in the last 24 hours (99 %), 1 left')
  })

  it('is high from 80 % and full when nothing is left', () => {
    expect(quotaUsage({ max24HourSend: 200, maxSendRate: 1, sentLast24Hours: 159 }).level).toBe('ok')
    expect(quotaUsage({ max24HourSend: 200, maxSendRate: 1, sentLast24Hours: 160 }).level).toBe('high')
    const full = quotaUsage({ max24HourSend: 200, maxSendRate: 1, sentLast24Hours: 200 })
    expect(full).toMatchObject({ level: 'full', percent: 100, remaining: 0, ratio: 1 })
  })

  it('caps the gauge when SES reports more sent than the quota', () => {
    expect(quotaUsage({ max24HourSend: 200, maxSendRate: 1, sentLast24Hours: 230 })).toMatchObject({
      ratio: 1,
      percent: 100,
      remaining: 0,
      level: 'full',
    })
  })

  it('treats a zero quota as used up and a negative one as no limit', () => {
    expect(quotaUsage({ max24HourSend: 0, maxSendRate: 0, sentLast24Hours: 0 }).level).toBe('full')
    expect(quotaUsage({ max24HourSend: -1, maxSendRate: 14, sentLast24Hours: 12 })).toMatchObject({
      max: null,
      remaining: null,
      ratio: 0,
      text: '12 sent in the last 24 hours (no daily limit)',
    })
  })
})

describe('sendRateText', () => {
  it('says emails per second, singular for one', () => {
    expect(sendRateText(1)).toBe('1 email per second')
    expect(sendRateText(14)).toBe('14 emails per second')
    expect(sendRateText(0.5)).toBe('0.5 emails per second')
  })
})

describe('enforcementText and reviewText', () => {
  it('names the known states and humanizes others', () => {
    expect(enforcementText('HEALTHY')).toEqual({ label: 'Healthy', badge: 'green' })
    expect(enforcementText('SHUTDOWN').badge).toBe('red')
    expect(enforcementText(null).label).toBe('Unknown')
    expect(enforcementText('UNDER_REVIEW').label).toBe('Under review')
    expect(reviewText('PENDING').label).toBe('In review')
    expect(reviewText('DENIED').guidance).toMatch(/declined/)
    expect(reviewText('SOMETHING_NEW').label).toBe('Something new')
  })
})

describe('statusGuidance', () => {
  const healthy = {
    productionAccessEnabled: true,
    sendingEnabled: true,
    enforcementStatus: 'HEALTHY',
    review: null,
  }

  it('has nothing to say about a healthy production account', () => {
    expect(statusGuidance(healthy)).toEqual([])
  })

  it('explains the sandbox, mentioning a pending review', () => {
    const [sandbox] = statusGuidance({ ...healthy, productionAccessEnabled: false })
    expect(sandbox).toMatchObject({ id: 'sandbox', tone: 'info' })
    expect(sandbox?.body).toMatch(/Request production access/)
    const [pending] = statusGuidance({
      ...healthy,
      productionAccessEnabled: false,
      review: { status: 'PENDING', caseId: '123' },
    })
    expect(pending?.body).toMatch(/Until AWS grants production access/)
  })

  it('puts the most serious first: shutdown, probation, paused sending', () => {
    expect(
      statusGuidance({ ...healthy, enforcementStatus: 'PROBATION', sendingEnabled: false }).map((g) => g.id),
    ).toEqual(['probation', 'paused'])
    // A shut-down account is not also 'paused': one message says it.
    expect(
      statusGuidance({ ...healthy, enforcementStatus: 'SHUTDOWN', sendingEnabled: false }).map((g) => g.id),
    ).toEqual(['shutdown'])
  })
})

describe('formatCheckedAt', () => {
  it('shows date and 24-hour time in the given zone', () => {
    expect(formatCheckedAt('2025-03-05T14:03:00.000Z', 'UTC')).toBe('Mar 5, 2025, 14:03')
  })
})
