import type { Page } from '@app/contracts'

/**
 * Every item of a list route, page after page, following `nextCursor` with the same other parameters:
 * `for await (const campaign of paginate(api.listPublicCampaigns, { query: { limit: 100 } })) …`.
 */
export async function* paginate<Options extends { query?: object }, Item>(
  list: (options: Options) => Promise<Page<Item>>,
  options?: NoInfer<Options>,
): AsyncGenerator<Item, void, undefined> {
  const first = (options ?? {}) as Options & { query?: { cursor?: string } }
  let cursor = first.query?.cursor
  do {
    const page = await list({ ...first, query: { ...first.query, cursor } })
    yield* page.items
    cursor = page.nextCursor ?? undefined
  } while (cursor)
}
