import type { Block, CreateBlockBody, TemplateEditorType, UpdateBlockBody } from '@app/contracts'
import { blockRoutes } from '@app/contracts/blocks/routes'
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { allPages } from '../../../lib/all-pages'
import { apiRequest } from '../../../lib/api-client'
import { templateQueries } from '../../templates/api/templates'

export const blockQueries = {
  all: () => ['blocks'] as const,
  lists: (organizationId: string) => [...blockQueries.all(), 'list', organizationId] as const,
  /** The organization's blocks without their source, by name (of one editor type, or all). */
  list: (organizationId: string, editorType?: TemplateEditorType) =>
    queryOptions({
      queryKey: [...blockQueries.lists(organizationId), editorType ?? 'all'] as const,
      queryFn: ({ signal }) =>
        allPages((cursor) =>
          apiRequest(blockRoutes.listBlocks, {
            query: { organizationId, ...(editorType ? { editorType } : {}), ...(cursor ? { cursor } : {}) },
            signal,
          }),
        ),
      staleTime: 30_000,
    }),
  /** A block with its source and where it is used. */
  detail: (organizationId: string, id: string) =>
    queryOptions({
      queryKey: [...blockQueries.all(), 'detail', organizationId, id] as const,
      queryFn: ({ signal }) =>
        apiRequest(blockRoutes.getBlock, { params: { id }, query: { organizationId }, signal }),
      staleTime: 30_000,
    }),
}

function afterChange(queryClient: QueryClient, block: Block) {
  queryClient.setQueryData(blockQueries.detail(block.organizationId, block.id).queryKey, block)
  void queryClient.invalidateQueries({ queryKey: blockQueries.lists(block.organizationId) })
}

export function useCreateBlock(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateBlockBody) =>
      apiRequest(blockRoutes.createBlock, { query: { organizationId }, body }),
    meta: { handlesErrors: true },
    onSuccess: (block) => afterChange(queryClient, block),
  })
}

/** Saves a block; a changed source used by templates answers with the job recompiling (and re-publishing) them. */
export function useUpdateBlock(organizationId: string, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, syncTemplatesWithSes }: { body: UpdateBlockBody; syncTemplatesWithSes: boolean }) =>
      apiRequest(blockRoutes.updateBlock, {
        params: { id },
        query: { organizationId, syncTemplatesWithSes: syncTemplatesWithSes ? 'true' : 'false' },
        body,
      }),
    meta: { handlesErrors: true },
    onSuccess: ({ block }) => afterChange(queryClient, block),
  })
}

export function useCopyBlock(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, newName }: { id: string; newName: string }) =>
      apiRequest(blockRoutes.copyBlock, { params: { id }, query: { organizationId }, body: { newName } }),
    meta: { handlesErrors: true },
    onSuccess: (block) => afterChange(queryClient, block),
  })
}

/** Refused with 409 `block.in_use` (and the templates) while templates use it. */
export function useDeleteBlock(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(blockRoutes.deleteBlock, { params: { id }, query: { organizationId } }),
    meta: { handlesErrors: true },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: blockQueries.detail(organizationId, id).queryKey })
      void queryClient.invalidateQueries({ queryKey: blockQueries.lists(organizationId) })
    },
  })
}

/** After a propagation job: the dependent templates have new versions. */
export function useInvalidateAfterPropagation() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: templateQueries.all() })
}
