import type {
  CreateTemplateBody,
  MachineOpenMode,
  Template,
  TemplateTestBody,
  UpdateTemplateBody,
} from '@app/contracts'
import { templateAnalyticsRoutes } from '@app/contracts/campaigns/template-analytics'
import { templateRoutes } from '@app/contracts/templates/routes'
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'
import { accountQueries } from '../../account/api/account'
import { listQuery, type TemplateListView } from '../list/list-view'

const PAGE_SIZE = 25

export const templateQueries = {
  all: () => ['templates'] as const,
  lists: (organizationId: string) => [...templateQueries.all(), 'list', organizationId] as const,
  /** One view of the list (search, tag, sort), page after page through the API's cursors ('Load more'). */
  list: (organizationId: string, view: TemplateListView) =>
    infiniteQueryOptions({
      queryKey: [...templateQueries.lists(organizationId), view] as const,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(templateRoutes.listTemplates, {
          query: {
            ...listQuery(organizationId, view),
            limit: PAGE_SIZE,
            ...(pageParam ? { cursor: pageParam } : {}),
          },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      staleTime: 15_000,
      placeholderData: keepPreviousData,
    }),
  tags: (organizationId: string) =>
    queryOptions({
      queryKey: [...templateQueries.all(), 'tags', organizationId] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest(templateRoutes.listTags, { query: { organizationId }, signal })).items,
      staleTime: 60_000,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...templateQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => apiRequest(templateRoutes.getTemplate, { params: { id }, signal }),
      // The editor works from the version it loaded; a newer one arrives through save, restore or a reload.
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnMount: false,
    }),
  versions: (id: string) =>
    infiniteQueryOptions({
      queryKey: [...templateQueries.all(), 'versions', id] as const,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(templateRoutes.listTemplateVersions, {
          params: { id },
          query: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  version: (id: string, version: number) =>
    queryOptions({
      queryKey: [...templateQueries.all(), 'versions', id, version] as const,
      queryFn: ({ signal }) =>
        apiRequest(templateRoutes.getTemplateVersion, { params: { id, version: String(version) }, signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /**
   * What the campaigns that sent the template counted, per version and in total (a Team feature: only asked for
   * when the plan has campaigns); `machineOpens` says whether machine opens count.
   */
  analytics: (organizationId: string, id: string, machineOpens: MachineOpenMode) =>
    queryOptions({
      queryKey: [...templateQueries.all(), 'analytics', organizationId, id, machineOpens] as const,
      queryFn: ({ signal }) =>
        apiRequest(templateAnalyticsRoutes.getTemplateAnalytics, {
          params: { id },
          query: { organizationId, machineOpens },
          signal,
        }),
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
  diff: (id: string, from: number, to: number) =>
    queryOptions({
      queryKey: [...templateQueries.all(), 'diff', id, from, to] as const,
      queryFn: ({ signal }) =>
        apiRequest(templateRoutes.diffTemplateVersions, { params: { id }, query: { from, to }, signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
}

/** After anything that may have spent a START action (or found none left): the top bar's 'n / 5' follows. */
function refreshActions(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: accountQueries.current().queryKey })
}

function afterChange(queryClient: QueryClient, template: Template) {
  queryClient.setQueryData(templateQueries.detail(template.id).queryKey, template)
  void queryClient.invalidateQueries({ queryKey: templateQueries.lists(template.organizationId) })
  void queryClient.invalidateQueries({ queryKey: templateQueries.tags(template.organizationId).queryKey })
  void queryClient.invalidateQueries({ queryKey: templateQueries.versions(template.id).queryKey })
  void refreshActions(queryClient)
}

function onActionError(queryClient: QueryClient) {
  return (error: unknown) => {
    if (isApiError(error, 'plan.actions_exhausted')) void refreshActions(queryClient)
  }
}

/** From a starter or from fields; the form shows failures itself (a taken name, no actions left). */
export function useCreateTemplate(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateTemplateBody) =>
      apiRequest(templateRoutes.createTemplate, { query: { organizationId }, body }),
    meta: { handlesErrors: true },
    onSuccess: (template) => afterChange(queryClient, template),
    onError: onActionError(queryClient),
  })
}

export function useUpdateTemplate(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateTemplateBody) =>
      apiRequest(templateRoutes.updateTemplate, { params: { id }, body }),
    meta: { handlesErrors: true },
    onSuccess: (template) => afterChange(queryClient, template),
    onError: onActionError(queryClient),
  })
}

export function useCopyTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, newName }: { id: string; newName: string }) =>
      apiRequest(templateRoutes.copyTemplate, { params: { id }, body: { newName } }),
    meta: { handlesErrors: true },
    onSuccess: (template) => afterChange(queryClient, template),
    onError: onActionError(queryClient),
  })
}

export function useRestoreVersion(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (version: number) =>
      apiRequest(templateRoutes.restoreTemplateVersion, { params: { id, version: String(version) } }),
    meta: { handlesErrors: true },
    onSuccess: (template) => afterChange(queryClient, template),
    onError: onActionError(queryClient),
  })
}

function forgetTemplates(queryClient: QueryClient, organizationId: string, ids: readonly string[]) {
  for (const id of ids) {
    queryClient.removeQueries({ queryKey: templateQueries.detail(id).queryKey })
    queryClient.removeQueries({ queryKey: templateQueries.versions(id).queryKey })
  }
  void queryClient.invalidateQueries({ queryKey: templateQueries.lists(organizationId) })
  void queryClient.invalidateQueries({ queryKey: templateQueries.tags(organizationId).queryKey })
  void refreshActions(queryClient)
}

/** One template, or several all-or-nothing (one START action each). */
export function useDeleteTemplates(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      if (ids.length === 1)
        await apiRequest(templateRoutes.deleteTemplate, { params: { id: ids[0] as string } })
      else
        await apiRequest(templateRoutes.deleteTemplates, {
          query: { organizationId },
          body: { templateIds: [...ids] },
        })
    },
    meta: { handlesErrors: true },
    onSuccess: (_result, ids) => forgetTemplates(queryClient, organizationId, ids),
    onError: onActionError(queryClient),
  })
}

/** The editor's current content through the organization's own SES; the dialog shows failures itself. */
export function useSendTemplateTest() {
  return useMutation({
    mutationFn: (body: TemplateTestBody) => apiRequest(templateRoutes.sendTemplateTest, { body }),
    meta: { handlesErrors: true },
  })
}
