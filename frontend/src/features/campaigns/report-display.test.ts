import { describe, expect, it } from 'vitest'
import {
  bestIndex,
  bounceText,
  compareIds,
  countWithRate,
  percentText,
  rowPeriodText,
  timelineRows,
  timelineSummary,
  warningText,
} from './report-display'

const UTC_HOUR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
})

describe('rates', () => {
  it('prints fractions as percentages, keeping two decimals under 1 % so thresholds read true', () => {
    expect(percentText(0.423)).toBe('42.3%')
    expect(percentText(0.42)).toBe('42%')
    expect(percentText(1)).toBe('100%')
    expect(percentText(0)).toBe('0%')
    expect(percentText(0.0008)).toBe('0.08%')
    expect(percentText(0.001)).toBe('0.1%')
    expect(percentText(0.05)).toBe('5%')
    expect(percentText(0.12345)).toBe('12.3%')
    expect(percentText(null)).toBe('—')
  })

  it('shows a count with its rate, or alone when the rate has no denominator', () => {
    expect(countWithRate(1204, 0.423)).toBe('1,204 (42.3%)')
    expect(countWithRate(0, null)).toBe('0')
  })

  it("words SES's thresholds by level", () => {
    const critical = warningText({ kind: 'bounce', level: 'critical', rate: 0.12, threshold: 0.1 })
    expect(critical.title).toBe("Bounce rate 12%: at or above SES's 10% limit")
    expect(critical.body).toMatch(/pause sending/)
    const warning = warningText({ kind: 'complaint', level: 'warning', rate: 0.0012, threshold: 0.001 })
    expect(warning.title).toBe("Complaint rate 0.12%: at or above SES's 0.1% warning level")
  })
})

describe('the chart’s text equivalent', () => {
  const hour = (h: number) => new Date(Date.UTC(2026, 10, 25, h)).toISOString()
  const points = [
    { at: hour(0), opens: 4, clicks: 1 },
    { at: hour(1), opens: 0, clicks: 0 },
    { at: hour(2), opens: 0, clicks: 0 },
    { at: hour(3), opens: 0, clicks: 0 },
    { at: hour(4), opens: 9, clicks: 3 },
    { at: hour(5), opens: 0, clicks: 0 },
    { at: hour(6), opens: 0, clicks: 2 },
  ]

  it('folds runs of quiet periods into one row and keeps a lone quiet period as it is', () => {
    const rows = timelineRows(points)
    expect(rows.map((row) => [row.from, row.to, row.opens, row.clicks, row.quiet])).toEqual([
      [hour(0), hour(0), 4, 1, false],
      [hour(1), hour(3), 0, 0, true],
      [hour(4), hour(4), 9, 3, false],
      [hour(5), hour(5), 0, 0, true],
      [hour(6), hour(6), 0, 2, false],
    ])
    expect(rowPeriodText(rows[1] as never, 'hour', UTC_HOUR)).toBe('Nov 25, 1:00 AM – Nov 25, 3:00 AM')
    expect(rowPeriodText(rows[0] as never, 'hour', UTC_HOUR)).toBe('Nov 25, 12:00 AM')
    expect(timelineRows([])).toEqual([])
  })

  it('sums the chart in one sentence with its busiest period', () => {
    expect(timelineSummary(points, 'hour', UTC_HOUR)).toBe(
      '13 opens and 6 clicks, hour by hour; the busiest hour was Nov 25, 4:00 AM with 9 opens and 3 clicks.',
    )
    expect(timelineSummary([{ at: hour(2), opens: 1, clicks: 0 }], 'hour', UTC_HOUR)).toBe(
      '1 open and 0 clicks, hour by hour; the busiest hour was Nov 25, 2:00 AM with 1 open and 0 clicks.',
    )
    expect(timelineSummary([{ at: hour(0), opens: 0, clicks: 0 }], 'day')).toBe(
      'No opens or clicks yet, day by day.',
    )
    expect(rowPeriodText({ from: hour(0), to: hour(0), opens: 1, clicks: 0, quiet: false }, 'day')).toBe(
      'Nov 25',
    )
  })
})

describe('bounces and compare', () => {
  it("names SES's bounce types and subtypes", () => {
    expect(bounceText('Permanent', 'NoEmail')).toBe('Hard bounce: no such address')
    expect(bounceText('Transient', 'MailboxFull')).toBe('Soft bounce: mailbox full')
    expect(bounceText('Transient', 'SomethingNew')).toBe('Soft bounce (SomethingNew)')
  })

  it('reads distinct ids from the address, at most the maximum', () => {
    expect(compareIds(new URLSearchParams('ids=a,b,,a, c'), 10)).toEqual(['a', 'b', 'c'])
    expect(compareIds(new URLSearchParams('ids=a,b,c'), 2)).toEqual(['a', 'b'])
    expect(compareIds(new URLSearchParams(''), 10)).toEqual([])
  })

  it('marks the best rate only when there is something to compare', () => {
    expect(bestIndex([0.2, 0.4, null], false)).toBe(1)
    expect(bestIndex([0.02, 0.01], true)).toBe(1)
    expect(bestIndex([0.2, 0.2], false)).toBeUndefined()
    expect(bestIndex([0.2, null], false)).toBeUndefined()
  })
})
