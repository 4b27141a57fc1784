import { TEMPLATE_SORTS, type TemplateListQuery, TemplateTagSchema } from '@app/contracts'

export type TemplateSort = (typeof TEMPLATE_SORTS)[number]

/** What the list keeps in its address (`?q=welcome&tag=onboarding&sort=name`), so a view survives a reload. */
export interface TemplateListView {
  q: string
  tag: string | undefined
  sort: TemplateSort
}

export const DEFAULT_SORT: TemplateSort = 'updated'
export const SEARCH_MAX = 64

export const SORT_LABELS: Record<TemplateSort, string> = {
  updated: 'Last updated',
  name: 'Name (A–Z)',
}

function isSort(value: string | null): value is TemplateSort {
  return (TEMPLATE_SORTS as readonly (string | null)[]).includes(value)
}

/** Anything unknown falls back to the defaults (the API would refuse it). */
export function viewFromSearch(search: URLSearchParams): TemplateListView {
  const sort = search.get('sort')
  const tag = TemplateTagSchema.safeParse(search.get('tag') ?? '')
  return {
    q: (search.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    tag: tag.success ? tag.data : undefined,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
  }
}

/** The address for a view: other parameters kept, defaults left out. */
export function searchForView(current: URLSearchParams, view: TemplateListView): URLSearchParams {
  const next = new URLSearchParams(current)
  const set = (name: string, value: string | undefined) => {
    if (value) next.set(name, value)
    else next.delete(name)
  }
  set('q', view.q.trim())
  set('tag', view.tag)
  set('sort', view.sort === DEFAULT_SORT ? undefined : view.sort)
  return next
}

export function hasFilters(view: TemplateListView): boolean {
  return view.q.trim() !== '' || view.tag !== undefined
}

/** The API query of a view (the first page; `cursor` is added per page). */
export function listQuery(organizationId: string, view: TemplateListView): TemplateListQuery {
  return {
    organizationId,
    sort: view.sort,
    ...(view.q.trim() ? { q: view.q.trim() } : {}),
    ...(view.tag ? { tag: view.tag } : {}),
  }
}
