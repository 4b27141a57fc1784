import { useSearchParams } from 'react-router-dom'
import { type DateRange, rangeFromSearch } from './date-range'

const LIST_PARAM = 'view'
const LIST_VALUE = 'invoices'

/** The admin page's range and whether its invoice list is open, kept in the address so both sidebar and page agree. */
export function useAdminRange() {
  const [search, setSearch] = useSearchParams()
  const range = rangeFromSearch(search, new Date())
  const listShown = search.get(LIST_PARAM) === LIST_VALUE

  function update(next: { range?: DateRange; listShown?: boolean }) {
    const params = new URLSearchParams(search)
    const nextRange = next.range ?? range
    params.set('from', nextRange.from)
    params.set('to', nextRange.to)
    if (next.listShown ?? listShown) params.set(LIST_PARAM, LIST_VALUE)
    else params.delete(LIST_PARAM)
    setSearch(params, { replace: true, preventScrollReset: true })
  }

  return {
    range,
    listShown,
    setRange: (next: DateRange) => update({ range: next }),
    showList: () => update({ listShown: true }),
    hideList: () => update({ listShown: false }),
  }
}
