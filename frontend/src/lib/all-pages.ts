import type { Page } from '@app/contracts'

/** Every row of a paged list, following `nextCursor` (for lists a screen shows whole, like the block picker). */
export async function allPages<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const rows: T[] = []
  let cursor: string | undefined
  do {
    const page = await fetchPage(cursor)
    rows.push(...page.items)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return rows
}
