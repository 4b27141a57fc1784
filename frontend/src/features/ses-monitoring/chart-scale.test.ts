import { describe, expect, it } from 'vitest'
import { axisLabelIndexes, countAxis, indexAt, linePoints, xPercent, yPercent } from './chart-scale'

describe('countAxis', () => {
  it('steps by 1, 2 or 5 × 10ⁿ and reaches the maximum', () => {
    expect(countAxis(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] })
    expect(countAxis(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] })
    expect(countAxis(1234)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] })
    expect(countAxis(40)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] })
  })

  it('draws an empty axis for nothing', () => {
    expect(countAxis(0)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] })
  })
})

describe('positions', () => {
  it('spreads points across the plot, a single one in the middle', () => {
    expect(xPercent(0, 5)).toBe(0)
    expect(xPercent(4, 5)).toBe(100)
    expect(xPercent(0, 1)).toBe(50)
    expect(yPercent(0, 8)).toBe(100)
    expect(yPercent(8, 8)).toBe(0)
    expect(yPercent(4, 8)).toBe(50)
    expect(linePoints([0, 4, 8], 8)).toBe('0,100 50,50 100,0')
  })

  it('finds the nearest point under the pointer', () => {
    expect(indexAt(0, 24)).toBe(0)
    expect(indexAt(0.51, 3)).toBe(1)
    expect(indexAt(1.2, 24)).toBe(23)
    expect(indexAt(-1, 24)).toBe(0)
    expect(indexAt(0.7, 1)).toBe(0)
  })
})

describe('axisLabelIndexes', () => {
  it('labels every point when there are few', () => {
    expect(axisLabelIndexes(7).map((label) => label.index)).toEqual([0, 1, 2, 3, 4, 5, 6])
  })

  it('spaces labels back from the newest point, alternating minor ones', () => {
    expect(axisLabelIndexes(24)).toEqual([
      { index: 2, minor: true },
      { index: 5, minor: false },
      { index: 8, minor: true },
      { index: 11, minor: false },
      { index: 14, minor: true },
      { index: 17, minor: false },
      { index: 20, minor: true },
      { index: 23, minor: false },
    ])
    expect(axisLabelIndexes(90).at(-1)).toEqual({ index: 89, minor: false })
    expect(axisLabelIndexes(90).length).toBeLessThanOrEqual(8)
    expect(axisLabelIndexes(0)).toEqual([])
  })
})
