import type { CreateOrganizationBody, UpdateOrganizationBody } from '@app/contracts'
import { organizationRoutes } from '@app/contracts/organizations/routes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { paths } from '../../../lib/paths'
import { accountQueries, useUpdateAccount } from '../../account/api/account'

/** Spec §4: switching to another organization selects it, then reloads to /app (org-scoped state starts fresh). */
export function useSwitchOrganization() {
  const updateAccount = useUpdateAccount({
    errorMessage: 'Could not switch organization because of an error',
  })
  function switchTo(organizationId: string, currentId: string | undefined) {
    if (organizationId === currentId) return
    updateAccount.mutate(
      { selectedOrganization: organizationId },
      { onSuccess: () => window.location.assign(paths.dashboard()) },
    )
  }
  return {
    switchTo,
    isPending: updateAccount.isPending,
    pendingId: updateAccount.variables?.selectedOrganization,
  }
}

export function useCreateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateOrganizationBody) => apiRequest(organizationRoutes.createOrganization, { body }),
    meta: { errorMessage: 'Could not create the organization because of an error' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.all() }),
  })
}

export function useUpdateOrganization(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateOrganizationBody) =>
      apiRequest(organizationRoutes.updateOrganization, { params: { id: organizationId }, body }),
    meta: { errorMessage: 'Could not update the organization because of an error' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.all() }),
  })
}

export function useDeleteOrganization(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest(organizationRoutes.deleteOrganization, { params: { id: organizationId } }),
    meta: { errorMessage: 'Could not delete the organization because of an error' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.all() }),
  })
}
