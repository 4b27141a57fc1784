import { SES_EVENT_TYPES, SES_REPUTATION_THRESHOLDS, STATUS_COUNT_KEYS } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  CHART_SERIES,
  EVENT_TYPE_TEXT,
  formatEventTime,
  formatLogTime,
  formatRate,
  messageStatusText,
  messageTitle,
  recipientsText,
  reputationText,
  thresholdGauge,
  trackingNotice,
} from './monitoring-display'

describe('formatRate', () => {
  it('keeps two decimals for small rates and one above 1%', () => {
    expect(formatRate(0.0012)).toBe('0.12%')
    expect(formatRate(0.001)).toBe('0.1%')
    expect(formatRate(0.05)).toBe('5%')
    expect(formatRate(0.0534)).toBe('5.3%')
    expect(formatRate(0.98765)).toBe('98.8%')
  })

  it('never rounds a rate to 0% or 100% that is neither', () => {
    expect(formatRate(0)).toBe('0%')
    expect(formatRate(0.00004)).toBe('<0.01%')
    expect(formatRate(0.99996)).toBe('>99.9%')
    expect(formatRate(1)).toBe('100%')
  })

  it('shows a dash when there was nothing to divide by', () => {
    expect(formatRate(null)).toBe('—')
    expect(formatRate(Number.NaN)).toBe('—')
  })
})

describe('reputationText', () => {
  it('puts the rate against SES’s review and pause thresholds in words', () => {
    expect(reputationText('bounce', 'ok', SES_REPUTATION_THRESHOLDS.bounce)).toEqual({
      label: 'Healthy',
      badge: 'green',
      thresholds: 'AWS reviews accounts from a 5% bounce rate and may pause sending from 10%.',
    })
    expect(reputationText('complaint', 'review', SES_REPUTATION_THRESHOLDS.complaint)).toMatchObject({
      label: 'AWS may review',
      badge: 'orange',
      thresholds: 'AWS reviews accounts from a 0.1% complaint rate and may pause sending from 0.5%.',
    })
    expect(reputationText('bounce', 'pause', SES_REPUTATION_THRESHOLDS.bounce).badge).toBe('red')
  })
})

describe('thresholdGauge', () => {
  it('fills the bar up to the pause threshold and marks the review one', () => {
    expect(thresholdGauge(0.025, SES_REPUTATION_THRESHOLDS.bounce)).toEqual({ fill: 25, review: 50 })
    expect(thresholdGauge(0.3, SES_REPUTATION_THRESHOLDS.bounce).fill).toBe(100)
    expect(thresholdGauge(null, SES_REPUTATION_THRESHOLDS.complaint)).toEqual({ fill: 0, review: 20 })
  })
})

describe('message texts', () => {
  it('names every event type and status', () => {
    for (const type of SES_EVENT_TYPES) expect(EVENT_TYPE_TEXT[type].plural).toBeTruthy()
    expect(messageStatusText('BOUNCED')).toEqual({ label: 'Bounced', badge: 'red' })
    expect(messageStatusText('DELIVERED').badge).toBe('green')
  })

  it('shortens several recipients', () => {
    expect(recipientsText(['ana@example.com'])).toBe('ana@example.com')
    expect(recipientsText(['ana@example.com', 'bo@example.com', 'cy@example.com'])).toBe(
      'ana@example.com +2 more',
    )
    expect(recipientsText([])).toBe('—')
  })

  it('titles a message by its subject, else its template', () => {
    expect(messageTitle({ subject: 'Welcome', template: 'welcome' })).toEqual({
      text: 'Welcome',
      template: false,
    })
    expect(messageTitle({ subject: null, template: 'welcome' })).toEqual({ text: 'welcome', template: true })
    expect(messageTitle({ subject: ' ', template: null }).text).toBe('(no subject)')
  })

  it('leaves the year out of log times of this year', () => {
    const now = Date.parse('2025-06-01T00:00:00Z')
    expect(formatLogTime('2025-03-05T14:03:07.000Z', now, 'UTC')).toBe('Mar 5, 14:03')
    expect(formatLogTime('2024-12-31T23:30:00.000Z', now, 'UTC')).toBe('Dec 31, 2024, 23:30')
    // New Year's Eve in UTC is already this year in Tokyo.
    expect(formatLogTime('2024-12-31T23:30:00.000Z', now, 'Asia/Tokyo')).toBe('Jan 1, 08:30')
  })

  it('formats event times to the second', () => {
    expect(formatEventTime('2025-03-05T14:03:07.000Z', 'UTC')).toBe('Mar 5, 2025, 14:03:07')
    expect(formatEventTime('2025-03-05T23:30:00.000Z', 'Asia/Tokyo')).toBe('Mar 6, 2025, 08:30:00')
  })
})

describe('CHART_SERIES', () => {
  it('draws one line per status count, each its own colour and pattern', () => {
    expect(CHART_SERIES.map((series) => series.key).sort()).toEqual([...STATUS_COUNT_KEYS].sort())
    expect(new Set(CHART_SERIES.map((series) => series.color)).size).toBe(CHART_SERIES.length)
    expect(new Set(CHART_SERIES.map((series) => series.dash ?? 'solid')).size).toBe(CHART_SERIES.length - 1)
  })
})

describe('trackingNotice', () => {
  it('says what SES does to messages for opens and clicks, and nothing without them', () => {
    expect(trackingNotice(['SEND', 'OPEN', 'CLICK'])).toMatch(
      /^To count opens and clicks, SES adds a tiny tracking image to HTML messages and rewrites every link/,
    )
    expect(trackingNotice(['OPEN'])).toMatch(
      /^To count opens, SES adds a tiny tracking image to HTML messages\. /,
    )
    expect(trackingNotice(['CLICK'])).toMatch(/^To count clicks, SES rewrites every link/)
    expect(trackingNotice(['SEND', 'DELIVERY'])).toBeUndefined()
  })
})
