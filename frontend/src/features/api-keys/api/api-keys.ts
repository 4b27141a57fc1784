import type { CreateApiKeyBody, RotateApiKeyBody, UpdateApiKeyBody } from '@app/contracts'
import { apiKeyRoutes } from '@app/contracts/api-keys/routes'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'

export const apiKeyQueries = {
  all: () => ['api-keys'] as const,
  lists: (organizationId: string) => [...apiKeyQueries.all(), 'list', organizationId] as const,
  /** One page of the organization's keys, newest first (`cursor` from the page before). */
  list: (organizationId: string, cursor?: string) =>
    queryOptions({
      queryKey: [...apiKeyQueries.lists(organizationId), cursor ?? null] as const,
      queryFn: ({ signal }) =>
        apiRequest(apiKeyRoutes.listApiKeys, { query: { organizationId, cursor }, signal }),
      staleTime: 10_000,
      placeholderData: keepPreviousData,
    }),
}

function useAfterChange(organizationId: string) {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: apiKeyQueries.lists(organizationId) })
}

/** A new key: the answer carries the key itself, shown this once. */
export function useCreateApiKey(organizationId: string) {
  const refresh = useAfterChange(organizationId)
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      apiRequest(apiKeyRoutes.createApiKey, { query: { organizationId }, body }),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  })
}

export function useUpdateApiKey(organizationId: string, id: string) {
  const refresh = useAfterChange(organizationId)
  return useMutation({
    mutationFn: (body: UpdateApiKeyBody) =>
      apiRequest(apiKeyRoutes.updateApiKey, { params: { id }, query: { organizationId }, body }),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  })
}

/** A new secret, shown once; the previous one works until the answer's `previousSecretValidUntil`. */
export function useRotateApiKey(organizationId: string, id: string) {
  const refresh = useAfterChange(organizationId)
  return useMutation({
    mutationFn: (body: RotateApiKeyBody) =>
      apiRequest(apiKeyRoutes.rotateApiKey, { params: { id }, query: { organizationId }, body }),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  })
}

export function useRevokeApiKey(organizationId: string, id: string) {
  const refresh = useAfterChange(organizationId)
  return useMutation({
    mutationFn: () => apiRequest(apiKeyRoutes.revokeApiKey, { params: { id }, query: { organizationId } }),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  })
}
