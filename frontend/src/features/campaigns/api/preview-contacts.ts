import { contactRoutes } from '@app/contracts/audience/routes'
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { contactQueries } from '../../audience/api/audience'

/** Contacts listed per page in the preview's picker. */
export const PICKER_PAGE_SIZE = 20

export const previewContactQueries = {
  /**
   * The organization's contacts whose email or name begins with `searchQuery` (all of them without one), page
   * after page by cursor. No topic filter: `searchQuery` alone is read from the email and name indexes, a full
   * page per call at any audience size, where a topic with a search would be a bounded filtered read. Under the
   * contact lists' key, so a change to the audience refreshes it.
   */
  search: (organizationId: string, searchQuery: string | undefined) =>
    infiniteQueryOptions({
      queryKey: [...contactQueries.lists(organizationId), 'preview-picker', searchQuery ?? ''] as const,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(contactRoutes.listContacts, {
          query: {
            organizationId,
            limit: PICKER_PAGE_SIZE,
            ...(searchQuery ? { searchQuery } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      staleTime: 30_000,
      // The list keeps the previous search's rows while the next one loads, instead of flashing empty.
      placeholderData: keepPreviousData,
    }),
}
