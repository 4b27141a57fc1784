import type {
  BulkContactsBody,
  Contact,
  ContactListQuery,
  CreateContactBody,
  CreateTopicBody,
  Topic,
  UpdateContactBody,
} from '@app/contracts'
import { contactRoutes, topicRoutes } from '@app/contracts/audience/routes'
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'

export const CONTACT_PAGE_SIZE = 50

type ContactFilterQuery = Omit<ContactListQuery, 'organizationId' | 'cursor' | 'limit'>

export const topicQueries = {
  all: () => ['topics'] as const,
  /** Every topic of the organization (at most 20, one page), by name, with its counts. */
  list: (organizationId: string) =>
    queryOptions({
      queryKey: [...topicQueries.all(), 'list', organizationId] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest(topicRoutes.listTopics, { query: { organizationId }, signal })).items,
      staleTime: 15_000,
      // A deleted topic stays listed as 'deleting' while a job removes its preferences: read again until gone.
      refetchInterval: (query) =>
        query.state.data?.some((topic) => topic.status === 'deleting') ? 2000 : false,
    }),
}

export const contactQueries = {
  all: () => ['contacts'] as const,
  lists: (organizationId: string) => [...contactQueries.all(), 'list', organizationId] as const,
  /** One page of the filtered list; `cursor` is the previous page's `nextCursor`. */
  page: (organizationId: string, filters: ContactFilterQuery, cursor: string | undefined) =>
    queryOptions({
      queryKey: [...contactQueries.lists(organizationId), filters, cursor ?? null] as const,
      queryFn: ({ signal }) =>
        apiRequest(contactRoutes.listContacts, {
          query: {
            organizationId,
            ...filters,
            limit: CONTACT_PAGE_SIZE,
            ...(cursor ? { cursor } : {}),
          },
          signal,
        }),
      staleTime: 10_000,
      // The table keeps the page it shows while the next one loads, dimmed, instead of flashing empty.
      placeholderData: keepPreviousData,
    }),
  /** How many contacts match the filters, where the audience counters know it exactly (else `count: null`). */
  count: (organizationId: string, filters: ContactFilterQuery) =>
    queryOptions({
      queryKey: [...contactQueries.lists(organizationId), 'count', filters] as const,
      queryFn: ({ signal }) =>
        apiRequest(contactRoutes.countContacts, { query: { organizationId, ...filters }, signal }),
      staleTime: 10_000,
    }),
  /** A contact with its subscriptions, consent trail and suppression. */
  detail: (organizationId: string, id: string) =>
    queryOptions({
      queryKey: [...contactQueries.all(), 'detail', organizationId, id] as const,
      queryFn: ({ signal }) =>
        apiRequest(contactRoutes.getContact, { params: { id }, query: { organizationId }, signal }),
      staleTime: 10_000,
    }),
}

/** Contacts and topic counts move together: any change refreshes both. */
export function refreshAudience(queryClient: QueryClient, organizationId: string) {
  void queryClient.invalidateQueries({ queryKey: contactQueries.all() })
  void queryClient.invalidateQueries({ queryKey: topicQueries.list(organizationId).queryKey })
}

/** A change to the audience whose form shows its own failures; contacts and topic counts refresh after it. */
function useAudienceMutation<Variables, Result>(
  organizationId: string,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    meta: { handlesErrors: true },
    onSuccess: () => refreshAudience(queryClient, organizationId),
  })
}

/** Creates a topic, or changes one (`id`): the form shows failures itself. */
export function useSaveTopic(organizationId: string, id?: string) {
  return useAudienceMutation(
    organizationId,
    (body: Required<CreateTopicBody>): Promise<Topic> =>
      id
        ? apiRequest(topicRoutes.updateTopic, { params: { id }, query: { organizationId }, body })
        : apiRequest(topicRoutes.createTopic, { query: { organizationId }, body }),
  )
}

/** Answers the job removing its preferences; the topic is gone from the list at once. */
export function useDeleteTopic(organizationId: string) {
  return useAudienceMutation(organizationId, (id: string) =>
    apiRequest(topicRoutes.deleteTopic, { params: { id }, query: { organizationId } }),
  )
}

export function useCreateContact(organizationId: string) {
  return useAudienceMutation(organizationId, (body: CreateContactBody) =>
    apiRequest(contactRoutes.createContact, { query: { organizationId }, body }),
  )
}

export function useUpdateContact(organizationId: string, id: string) {
  return useAudienceMutation(
    organizationId,
    (body: UpdateContactBody): Promise<Contact> =>
      apiRequest(contactRoutes.updateContact, { params: { id }, query: { organizationId }, body }),
  )
}

export function useDeleteContact(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(contactRoutes.deleteContact, { params: { id }, query: { organizationId } }),
    meta: { handlesErrors: true },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: contactQueries.detail(organizationId, id).queryKey })
      refreshAudience(queryClient, organizationId)
    },
  })
}

/** Delete the selection or change its topics: done at once up to 100 contacts, as a job beyond. */
export function useBulkContacts(organizationId: string) {
  return useAudienceMutation(organizationId, (body: BulkContactsBody) =>
    apiRequest(contactRoutes.bulkContacts, { query: { organizationId }, body }),
  )
}
