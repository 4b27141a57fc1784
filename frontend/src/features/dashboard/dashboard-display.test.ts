import { describe, expect, it } from 'vitest'
import {
  campaignRateFacts,
  healthSummary,
  jobPercent,
  percentText,
  quotaPercent,
  reputationRange,
  runningJobs,
  thresholdLevel,
  thresholdText,
} from './dashboard-display'

describe('thresholdLevel (SES: bounce 5 % / 10 %, complaint 0.1 % / 0.5 %)', () => {
  it('reads bounce rates against 5 % and 10 %', () => {
    expect(thresholdLevel('bounce', 0)).toBe('ok')
    expect(thresholdLevel('bounce', 0.0499)).toBe('ok')
    expect(thresholdLevel('bounce', 0.05)).toBe('warning')
    expect(thresholdLevel('bounce', 0.0999)).toBe('warning')
    expect(thresholdLevel('bounce', 0.1)).toBe('atRisk')
    expect(thresholdLevel('bounce', 0.5)).toBe('atRisk')
  })

  it('reads complaint rates against 0.1 % and 0.5 %', () => {
    expect(thresholdLevel('complaint', 0.0009)).toBe('ok')
    expect(thresholdLevel('complaint', 0.001)).toBe('warning')
    expect(thresholdLevel('complaint', 0.0049)).toBe('warning')
    expect(thresholdLevel('complaint', 0.005)).toBe('atRisk')
  })

  it('treats an unknown rate (nothing sent) as no warning', () => {
    expect(thresholdLevel('bounce', null)).toBe('ok')
    expect(thresholdLevel('complaint', Number.NaN)).toBe('ok')
  })

  it('says the thresholds in words', () => {
    expect(thresholdText('bounce')).toBe('warning at 5 %, at risk at 10 %')
    expect(thresholdText('complaint')).toBe('warning at 0.1 %, at risk at 0.5 %')
  })
})

describe('percentText', () => {
  it('formats fractions as percentages with up to two decimals', () => {
    expect(percentText(0.0123)).toBe('1.23 %')
    expect(percentText(0.5)).toBe('50 %')
    expect(percentText(0.00012)).toBe('0.01 %')
    expect(percentText(0.4567, 1)).toBe('45.7 %')
    expect(percentText(null)).toBe('—')
  })
})

describe('quotaPercent (SentLast24Hours of Max24HourSend)', () => {
  it('rounds down and reads 100 only when the quota is used up', () => {
    expect(quotaPercent({ max24HourSend: 200, sentLast24Hours: 0 })).toBe(0)
    expect(quotaPercent({ max24HourSend: 200, sentLast24Hours: 50 })).toBe(25)
    expect(quotaPercent({ max24HourSend: 50_000, sentLast24Hours: 49_999 })).toBe(99)
    expect(quotaPercent({ max24HourSend: 200, sentLast24Hours: 200 })).toBe(100)
    // SES may count a little over the quota.
    expect(quotaPercent({ max24HourSend: 200, sentLast24Hours: 203 })).toBe(100)
  })

  it('has no percentage without a daily limit, and a zero quota is used up', () => {
    expect(quotaPercent({ max24HourSend: -1, sentLast24Hours: 10 })).toBeNull()
    expect(quotaPercent({ max24HourSend: 0, sentLast24Hours: 0 })).toBe(100)
  })
})

describe('healthSummary', () => {
  const healthy = {
    sendingEnabled: true,
    enforcementStatus: 'HEALTHY',
    sendQuota: { max24HourSend: 50_000, sentLast24Hours: 1200 },
    rates: { bounce: 0.01, complaint: 0.0002 },
  }

  it('is healthy with nothing to say when all is well, with or without known rates', () => {
    expect(healthSummary(healthy)).toEqual({ level: 'ok', reasons: [] })
    expect(healthSummary({ ...healthy, rates: null })).toEqual({ level: 'ok', reasons: [] })
  })

  it('warns at the review thresholds and puts the worst first', () => {
    expect(healthSummary({ ...healthy, rates: { bounce: 0.06, complaint: 0.006 } })).toEqual({
      level: 'atRisk',
      reasons: [
        'The complaint rate is 0.6 % (warning at 0.1 %, at risk at 0.5 %).',
        'The bounce rate is 6 % (warning at 5 %, at risk at 10 %).',
      ],
    })
  })

  it('flags a paused account, probation and a nearly used quota', () => {
    const summary = healthSummary({
      ...healthy,
      sendingEnabled: false,
      enforcementStatus: 'PROBATION',
      sendQuota: { max24HourSend: 200, sentLast24Hours: 170 },
    })
    expect(summary.level).toBe('atRisk')
    expect(summary.reasons).toEqual([
      'Sending is paused.',
      'AWS has put this account on probation.',
      '85 % of the daily quota is used.',
    ])
  })

  it('does not repeat "paused" for a shut-down account', () => {
    expect(
      healthSummary({ ...healthy, sendingEnabled: false, enforcementStatus: 'SHUTDOWN' }).reasons,
    ).toEqual(['AWS has shut down sending for this account.'])
  })
})

describe('reputationRange', () => {
  it('covers the last seven days up to the next whole minute', () => {
    const now = Date.parse('2026-11-25T14:37:40.123Z')
    expect(reputationRange(now)).toEqual({
      from: '2026-11-18T14:38:00.000Z',
      to: '2026-11-25T14:38:00.000Z',
    })
  })
})

describe('running jobs', () => {
  it('keeps queued and running jobs, oldest first', () => {
    const jobs = [
      { id: 'c', status: 'running' as const, createdAt: '2026-11-25T10:02:00.000Z' },
      { id: 'd', status: 'succeeded' as const, createdAt: '2026-11-25T10:03:00.000Z' },
      { id: 'a', status: 'queued' as const, createdAt: '2026-11-25T10:00:00.000Z' },
      { id: 'b', status: 'failed' as const, createdAt: '2026-11-25T10:01:00.000Z' },
    ]
    expect(runningJobs(jobs).map((job) => job.id)).toEqual(['a', 'c'])
  })

  it('shows a job’s progress in whole percent', () => {
    expect(jobPercent({ total: 0, done: 0 })).toBe(0)
    expect(jobPercent({ total: 3, done: 2 })).toBe(66)
    expect(jobPercent({ total: 3, done: 3 })).toBe(100)
  })
})

describe('campaignRateFacts', () => {
  it('lists open and click rates, and bounces and complaints only once they reach a threshold', () => {
    expect(campaignRateFacts({ open: 0.4231, click: 0.05, bounce: 0.01, complaint: 0 })).toEqual([
      { label: 'Opened', value: '42.3 %' },
      { label: 'Clicked', value: '5 %' },
    ])
    expect(campaignRateFacts({ open: null, click: null, bounce: 0.25, complaint: 0.002 })).toEqual([
      { label: 'Opened', value: '—' },
      { label: 'Clicked', value: '—' },
      { label: 'Bounced', value: '25 %', level: 'atRisk' },
      { label: 'Complained', value: '0.2 %', level: 'warning' },
    ])
  })
})
