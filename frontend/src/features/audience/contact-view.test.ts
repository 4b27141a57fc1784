import { describe, expect, it } from 'vitest'
import {
  countLine,
  currentCursor,
  EMPTY_VIEW,
  filterQuery,
  hasFilters,
  nextPage,
  pageLine,
  previousPage,
  searchForView,
  togglePageSelection,
  viewFromSearch,
} from './contact-view'

const TOPIC = '01JC0000000000000000000000'

describe('viewFromSearch / searchForView', () => {
  it('reads every filter from the address and writes it back', () => {
    const search = `searchQuery=ana&topicId=${TOPIC}&status=optOut&optInByDefault=false&defaultStatus=true&unsubscribeAll=false`
    const view = viewFromSearch(new URLSearchParams(search))
    expect(view).toEqual({
      searchQuery: 'ana',
      topicId: TOPIC,
      status: 'optOut',
      optInByDefault: false,
      defaultStatus: true,
      unsubscribeAll: false,
    })
    expect(new URLSearchParams(searchForView(view) as Record<string, string>).toString()).toBe(search)
  })

  it('counts contacts without a choice as the topic’s default unless the address says otherwise (SES’s reading)', () => {
    const view = viewFromSearch(new URLSearchParams(`topicId=${TOPIC}&status=optOut`))
    expect(view.optInByDefault).toBe(true)
    expect(searchForView(view).optInByDefault).toBeUndefined()
    expect(filterQuery(view)).toEqual({ topicId: TOPIC, optOut: 'true', optInByDefault: 'true' })
    // Without a status the list is the topic's own members (those who chose): the default does not apply.
    const members = viewFromSearch(new URLSearchParams(`topicId=${TOPIC}`))
    expect(members.optInByDefault).toBe(false)
    expect(filterQuery(members)).toEqual({ topicId: TOPIC })
  })

  it('drops what the API would refuse: topic filters without a topic, a malformed topic id, unknown values', () => {
    expect(
      viewFromSearch(new URLSearchParams('status=optIn&optInByDefault=true&defaultStatus=true')),
    ).toEqual(EMPTY_VIEW)
    expect(viewFromSearch(new URLSearchParams('topicId=nope&status=optIn')).topicId).toBeUndefined()
    expect(viewFromSearch(new URLSearchParams(`topicId=${TOPIC}&status=maybe`)).status).toBeUndefined()
    expect(viewFromSearch(new URLSearchParams('unsubscribeAll=yes')).unsubscribeAll).toBeUndefined()
    expect(hasFilters(EMPTY_VIEW)).toBe(false)
    expect(hasFilters({ ...EMPTY_VIEW, unsubscribeAll: false })).toBe(true)
  })
})

describe('filterQuery', () => {
  it('sends the API names: the chosen status as its own flag, booleans as text', () => {
    expect(filterQuery(EMPTY_VIEW)).toEqual({})
    expect(
      filterQuery({
        ...EMPTY_VIEW,
        searchQuery: 'zo',
        topicId: TOPIC,
        status: 'pending',
        defaultStatus: true,
      }),
    ).toEqual({ searchQuery: 'zo', topicId: TOPIC, pending: 'true', defaultStatus: 'true' })
    expect(filterQuery({ ...EMPTY_VIEW, topicId: TOPIC, status: 'optIn', optInByDefault: true })).toEqual({
      topicId: TOPIC,
      optIn: 'true',
      optInByDefault: 'true',
    })
    expect(filterQuery({ ...EMPTY_VIEW, status: 'optIn', unsubscribeAll: true })).toEqual({
      unsubscribeAll: 'true',
    })
  })
})

describe('cursor paging', () => {
  it('walks forward through the answers’ cursors and back', () => {
    const second = nextPage([], 'c1')
    expect(currentCursor([])).toBeUndefined()
    expect(currentCursor(second)).toBe('c1')
    expect(nextPage(second, null)).toBe(second)
    expect(previousPage(nextPage(second, 'c2'))).toEqual(['c1'])
  })
})

describe('selecting a page of contacts', () => {
  it('adds the page to a selection made on other pages, and takes only the page out again', () => {
    const earlier = new Set(['a', 'b'])
    const added = togglePageSelection(earlier, ['c', 'd'])
    expect([...added].sort()).toEqual(['a', 'b', 'c', 'd'])
    expect([...togglePageSelection(added, ['c', 'd'])].sort()).toEqual(['a', 'b'])
    expect([...togglePageSelection(new Set(['c']), ['c', 'd'])].sort()).toEqual(['c', 'd'])
    expect(togglePageSelection(earlier, []).size).toBe(2)
  })
})

describe('countLine and pageLine', () => {
  it('say the total, or how many match, and nothing when the server cannot count', () => {
    expect(countLine(1234, false)).toBe('1,234 contacts')
    expect(countLine(1, false)).toBe('1 contact')
    expect(countLine(1, true)).toBe('1 contact matches these filters')
    expect(countLine(12, true)).toBe('12 contacts match these filters')
    expect(countLine(null, true)).toBeNull()
    expect(countLine(undefined, false)).toBeNull()
  })
  it('numbers the pages out of the total when it is known', () => {
    expect(pageLine(2, 287, 50)).toBe('Page 2 of 6')
    expect(pageLine(1, 0, 50)).toBe('Page 1 of 1')
    expect(pageLine(3, null, 50)).toBe('Page 3')
  })
})
