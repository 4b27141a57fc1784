import { SES_REPUTATION_THRESHOLDS } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { emptyCounts } from './message-log.repo'
import { ratesOf, reputationLevel } from './reports'

describe('report arithmetic', () => {
  it('rates delivery, bounce and complaint against sent; opens and clicks against delivered', () => {
    const counts = {
      ...emptyCounts(),
      sent: 200,
      delivered: 190,
      bounced: 8,
      complained: 1,
      opened: 95,
      clicked: 19,
    }
    expect(ratesOf(counts)).toEqual({
      delivery: 0.95,
      bounce: 0.04,
      complaint: 0.005,
      open: 0.5,
      click: 0.1,
    })
  })

  it('has no rate without a denominator', () => {
    expect(ratesOf(emptyCounts())).toEqual({
      delivery: null,
      bounce: null,
      complaint: null,
      open: null,
      click: null,
    })
    expect(ratesOf({ ...emptyCounts(), sent: 3 }).open).toBeNull()
  })

  it('places rates against SES review and pause thresholds (inclusive at each threshold)', () => {
    const bounce = SES_REPUTATION_THRESHOLDS.bounce
    expect(reputationLevel(null, bounce)).toBe('ok')
    expect(reputationLevel(0.0499, bounce)).toBe('ok')
    expect(reputationLevel(0.05, bounce)).toBe('review')
    expect(reputationLevel(0.0999, bounce)).toBe('review')
    expect(reputationLevel(0.1, bounce)).toBe('pause')
    const complaint = SES_REPUTATION_THRESHOLDS.complaint
    expect(reputationLevel(0.0009, complaint)).toBe('ok')
    expect(reputationLevel(0.001, complaint)).toBe('review')
    expect(reputationLevel(0.005, complaint)).toBe('pause')
  })
})
