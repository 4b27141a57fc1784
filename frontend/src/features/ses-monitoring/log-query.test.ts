import { describe, expect, it } from 'vitest'
import {
  currentCursor,
  hasFilters,
  newerPage,
  olderPage,
  pageNumber,
  recipientProblem,
  searchForView,
  viewFromSearch,
} from './log-query'

describe('viewFromSearch / searchForView', () => {
  it('reads the range and filters from the address, defaults otherwise', () => {
    expect(viewFromSearch(new URLSearchParams())).toEqual({
      range: '7d',
      filters: { status: undefined, recipient: undefined, limit: 50 },
    })
    expect(
      viewFromSearch(new URLSearchParams('range=24h&status=BOUNCED&recipient=Ana@Example.com&limit=100')),
    ).toEqual({ range: '24h', filters: { status: 'BOUNCED', recipient: 'Ana@Example.com', limit: 100 } })
  })

  it('ignores what the API would refuse', () => {
    expect(viewFromSearch(new URLSearchParams('range=1y&status=LOST&recipient=nobody&limit=7'))).toEqual({
      range: '7d',
      filters: { status: undefined, recipient: undefined, limit: 50 },
    })
  })

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const search = searchForView(new URLSearchParams('x=1&status=SENT'), {
      range: '30d',
      filters: { status: undefined, recipient: 'a@b.co', limit: 50 },
    })
    expect(search.toString()).toBe('x=1&range=30d&recipient=a%40b.co')
    expect(
      searchForView(new URLSearchParams('range=30d'), {
        range: '7d',
        filters: { status: 'OPENED', recipient: undefined, limit: 25 },
      }).toString(),
    ).toBe('status=OPENED&limit=25')
  })

  it('knows when filters are on', () => {
    expect(hasFilters({ status: undefined, recipient: undefined, limit: 100 })).toBe(false)
    expect(hasFilters({ status: 'SENT', recipient: undefined, limit: 50 })).toBe(true)
  })
})

describe('recipientProblem', () => {
  it('wants one whole address', () => {
    expect(recipientProblem('ana@example.com')).toBeUndefined()
    expect(recipientProblem(' ana@example.com ')).toBeUndefined()
    expect(recipientProblem('ana@')).toMatch(/whole email address/)
    expect(recipientProblem('ana@example.com, bo@example.com')).toMatch(/whole email address/)
  })
})

describe('cursor stack', () => {
  it('goes older with each answer’s cursor and back to newer', () => {
    let stack = olderPage([], 'c1')
    stack = olderPage(stack, 'c2')
    expect(currentCursor(stack)).toBe('c2')
    expect(pageNumber(stack)).toBe(3)
    stack = newerPage(stack)
    expect(currentCursor(stack)).toBe('c1')
    stack = newerPage(newerPage(stack))
    expect(stack).toEqual([])
    expect(currentCursor(stack)).toBeUndefined()
    expect(pageNumber(stack)).toBe(1)
  })

  it('stays on the last page when there is no older one', () => {
    expect(olderPage(['c1'], null)).toEqual(['c1'])
  })
})
