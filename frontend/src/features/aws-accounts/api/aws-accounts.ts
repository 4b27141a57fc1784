import type {
  Account,
  AwsAccount,
  CreateAwsAccountBody,
  LeaveSandboxBody,
  UpdateAwsAccountBody,
} from '@app/contracts'
import { awsAccountRoutes } from '@app/contracts/aws-accounts/routes'
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { accountQueries, useUpdateAccount } from '../../account/api/account'

export const awsAccountQueries = {
  all: () => ['aws-accounts'] as const,
  /** The organization's connections (never a secret). */
  list: (organizationId: string) =>
    queryOptions({
      queryKey: [...awsAccountQueries.all(), 'list', organizationId] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest(awsAccountRoutes.listAwsAccounts, { query: { organizationId }, signal })).items,
      staleTime: 30_000,
    }),
  /** Live SES state, read through the customer's credentials (control-plane calls are ~1/s per account). */
  status: (awsAccountId: string) =>
    queryOptions({
      queryKey: [...awsAccountQueries.all(), 'status', awsAccountId] as const,
      queryFn: ({ signal }) =>
        apiRequest(awsAccountRoutes.getAwsAccountStatus, { params: { id: awsAccountId }, signal }),
      staleTime: 60_000,
    }),
}

/** Puts a created or changed connection into its organization's list, where every screen reads it from. */
export function storeAwsAccount(queryClient: QueryClient, account: AwsAccount) {
  queryClient.setQueryData(awsAccountQueries.list(account.organizationId).queryKey, (accounts) => {
    if (!accounts) return [account]
    return accounts.some((item) => item.id === account.id)
      ? accounts.map((item) => (item.id === account.id ? account : item))
      : [...accounts, account]
  })
}

/** The form shows failures next to its fields, so no toast. */
export function useCreateAwsAccount(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateAwsAccountBody) =>
      apiRequest(awsAccountRoutes.createAwsAccount, { query: { organizationId }, body }),
    meta: { handlesErrors: true },
    onSuccess: (account) => storeAwsAccount(queryClient, account),
  })
}

/**
 * Rename, change region, paste the role ARN, rotate keys, or check again. A failed live check is not an error: the
 * answer carries `lastCheck`. Callers that show errors in place pass `handlesErrors`.
 */
export function useUpdateAwsAccount(
  account: Pick<AwsAccount, 'id'>,
  { handlesErrors = false }: { handlesErrors?: boolean } = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateAwsAccountBody) =>
      apiRequest(awsAccountRoutes.updateAwsAccount, { params: { id: account.id }, body }),
    meta: { handlesErrors, errorMessage: 'Could not change the AWS account because of an error' },
    onSuccess: (updated) => {
      storeAwsAccount(queryClient, updated)
      void queryClient.invalidateQueries({ queryKey: awsAccountQueries.status(updated.id).queryKey })
    },
  })
}

export function useDeleteAwsAccount(account: Pick<AwsAccount, 'id' | 'organizationId'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest(awsAccountRoutes.deleteAwsAccount, { params: { id: account.id } }),
    meta: { errorMessage: 'Could not delete the AWS account because of an error' },
    onSuccess: () => {
      queryClient.setQueryData(awsAccountQueries.list(account.organizationId).queryKey, (accounts) =>
        accounts?.filter((item) => item.id !== account.id),
      )
      queryClient.removeQueries({ queryKey: awsAccountQueries.status(account.id).queryKey })
      // The server forgets the selection of a deleted account.
      void queryClient.invalidateQueries({ queryKey: accountQueries.all() })
    },
  })
}

/** The form shows failures next to itself; the answer is the status with the review. */
export function useLeaveSandbox(awsAccountId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: LeaveSandboxBody) =>
      apiRequest(awsAccountRoutes.leaveSandbox, { params: { id: awsAccountId }, body }),
    meta: { handlesErrors: true },
    onSuccess: (status) => queryClient.setQueryData(awsAccountQueries.status(awsAccountId).queryKey, status),
  })
}

/** Spec §4: selecting an AWS account updates the account at once (rolled back if the call fails). */
export function useSelectAwsAccount() {
  const update = useUpdateAccount({ errorMessage: 'Could not switch AWS account because of an error' })
  return {
    select: (awsAccountId: string, account: Pick<Account, 'selectedAwsAccount'>, onSuccess?: () => void) => {
      if (account.selectedAwsAccount === awsAccountId) {
        onSuccess?.()
        return
      }
      update.mutate({ selectedAwsAccount: awsAccountId }, { onSuccess })
    },
    isPending: update.isPending,
    pendingId: update.variables?.selectedAwsAccount,
  }
}
