import { describe, expect, it } from 'vitest'
import {
  defaultRange,
  matchingPreset,
  presetRange,
  rangeFromSearch,
  rangeProblem,
  reportFilename,
} from './date-range'

const MID_MARCH = new Date('2025-03-14T10:00:00Z')

describe('presetRange', () => {
  it('covers this month, last month and this year up to today (UTC)', () => {
    expect(presetRange('thisMonth', MID_MARCH)).toEqual({ from: '2025-03-01', to: '2025-03-14' })
    expect(presetRange('lastMonth', MID_MARCH)).toEqual({ from: '2025-02-01', to: '2025-02-28' })
    expect(presetRange('thisYear', MID_MARCH)).toEqual({ from: '2025-01-01', to: '2025-03-14' })
  })

  it('knows leap years and goes back across January', () => {
    expect(presetRange('lastMonth', new Date('2024-03-01T00:00:00Z'))).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    })
    expect(presetRange('lastMonth', new Date('2025-01-31T23:59:59Z'))).toEqual({
      from: '2024-12-01',
      to: '2024-12-31',
    })
  })

  it('uses the UTC day, not the local one', () => {
    // Still 31 March in UTC, whatever the machine's zone says.
    expect(presetRange('thisMonth', new Date('2025-03-31T23:30:00Z')).to).toBe('2025-03-31')
  })
})

describe('defaultRange', () => {
  it('is the last full month', () => {
    expect(defaultRange(MID_MARCH)).toEqual({ from: '2025-02-01', to: '2025-02-28' })
    expect(matchingPreset(defaultRange(MID_MARCH), MID_MARCH)).toBe('lastMonth')
    expect(matchingPreset({ from: '2025-02-02', to: '2025-02-28' }, MID_MARCH)).toBeUndefined()
  })
})

describe('rangeProblem', () => {
  it('accepts a valid range and says which day is wrong otherwise', () => {
    expect(rangeProblem({ from: '2025-01-01', to: '2025-01-31' })).toBeUndefined()
    expect(rangeProblem({ from: '2025-02-01', to: '2025-01-31' })).toEqual({
      field: 'from',
      message: 'The first day must not be after the last day.',
    })
    expect(rangeProblem({ from: '2023-01-01', to: '2025-01-31' })).toEqual({
      field: 'to',
      message: 'Ask for at most one year at a time.',
    })
    expect(rangeProblem({ from: '', to: '2025-01-31' })).toEqual({
      field: 'from',
      message: 'Enter a full day.',
    })
    expect(rangeProblem({ from: '2025-01-01', to: '2025-02-30' })).toEqual({
      field: 'to',
      message: 'Enter a full day.',
    })
  })
})

describe('rangeFromSearch', () => {
  it('reads a valid range from the address, else falls back to the last full month', () => {
    expect(rangeFromSearch(new URLSearchParams('from=2025-01-01&to=2025-01-15'), MID_MARCH)).toEqual({
      from: '2025-01-01',
      to: '2025-01-15',
    })
    expect(rangeFromSearch(new URLSearchParams('from=2025-13-01&to=2025-01-15'), MID_MARCH)).toEqual(
      defaultRange(MID_MARCH),
    )
    expect(rangeFromSearch(new URLSearchParams(''), MID_MARCH)).toEqual(defaultRange(MID_MARCH))
  })
})

describe('reportFilename', () => {
  it('names the range', () => {
    expect(reportFilename({ from: '2025-02-01', to: '2025-02-28' })).toBe(
      'invoices-2025-02-01-to-2025-02-28.csv',
    )
  })
})
