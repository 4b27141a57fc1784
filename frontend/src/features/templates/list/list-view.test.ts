import { describe, expect, it } from 'vitest'
import { hasFilters, listQuery, searchForView, viewFromSearch } from './list-view'

describe('template list view in the address', () => {
  it('reads search, tag and sort, falling back to the defaults', () => {
    expect(viewFromSearch(new URLSearchParams('q=+welcome+&tag=Onboarding&sort=name'))).toEqual({
      q: 'welcome',
      tag: 'onboarding',
      sort: 'name',
    })
    expect(viewFromSearch(new URLSearchParams('sort=size&tag='))).toEqual({
      q: '',
      tag: undefined,
      sort: 'updated',
    })
    expect(viewFromSearch(new URLSearchParams(`q=${'x'.repeat(80)}`)).q).toHaveLength(64)
  })

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const next = searchForView(new URLSearchParams('other=1&q=old'), { q: '', tag: 'news', sort: 'updated' })
    expect(next.toString()).toBe('other=1&tag=news')
    expect(searchForView(new URLSearchParams(), { q: ' a ', tag: undefined, sort: 'name' }).toString()).toBe(
      'q=a&sort=name',
    )
  })

  it('builds the API query and knows when a view is filtered', () => {
    expect(listQuery('org', { q: ' hi ', tag: undefined, sort: 'name' })).toEqual({
      organizationId: 'org',
      sort: 'name',
      q: 'hi',
    })
    expect(hasFilters({ q: '', tag: undefined, sort: 'name' })).toBe(false)
    expect(hasFilters({ q: '', tag: 'a', sort: 'name' })).toBe(true)
  })
})
