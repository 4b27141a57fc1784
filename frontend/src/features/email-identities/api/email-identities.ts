import type { CreateEmailIdentityBody, TemplateTestBody } from '@app/contracts'
import { emailIdentityRoutes } from '@app/contracts/email-identities/routes'
import { templateRoutes } from '@app/contracts/templates/routes'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { awsAccountQueries } from '../../aws-accounts/api/aws-accounts'

export const emailIdentityQueries = {
  all: () => ['email-identities'] as const,
  /** Addresses and domains in the AWS account's SES, with their verification and DKIM state. */
  list: (awsAccountId: string) =>
    queryOptions({
      queryKey: [...emailIdentityQueries.all(), awsAccountId] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest(emailIdentityRoutes.listEmailIdentities, { query: { awsAccountId }, signal }))
          .items,
      staleTime: 30_000,
      // An address waits for a click on the link SES mailed: look again now and then while the page is open,
      // so it turns verified without a reload. (Domains wait on DNS for hours: Refresh is enough there.)
      refetchInterval: (query) =>
        query.state.data?.some(
          (identity) => identity.type === 'EMAIL_ADDRESS' && identity.verificationStatus === 'PENDING',
        ) && query.state.fetchFailureCount === 0
          ? 10_000
          : false,
    }),
}

/** The status page counts identities too. */
function useRefreshIdentities(awsAccountId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: emailIdentityQueries.list(awsAccountId).queryKey }),
      queryClient.invalidateQueries({ queryKey: awsAccountQueries.status(awsAccountId).queryKey }),
    ])
}

/** An address or a domain, for the account the hook was made for. */
export type NewEmailIdentity = CreateEmailIdentityBody extends infer Body
  ? Body extends unknown
    ? Omit<Body, 'awsAccountId'>
    : never
  : never

/** The form shows failures next to its fields. */
export function useCreateEmailIdentity(awsAccountId: string) {
  const refresh = useRefreshIdentities(awsAccountId)
  return useMutation({
    mutationFn: (identity: NewEmailIdentity) =>
      apiRequest(emailIdentityRoutes.createEmailIdentity, { body: { ...identity, awsAccountId } }),
    meta: { handlesErrors: true },
    onSuccess: () => refresh(),
  })
}

export function useDeleteEmailIdentity(awsAccountId: string) {
  const refresh = useRefreshIdentities(awsAccountId)
  return useMutation({
    mutationFn: (identityId: string) =>
      apiRequest(emailIdentityRoutes.deleteEmailIdentity, {
        params: { id: identityId },
        query: { awsAccountId },
      }),
    meta: { errorMessage: 'Could not delete the identity because of an error' },
    onSuccess: () => refresh(),
  })
}

/** A test send through the organization's own SES; the dialog shows failures itself. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: (body: TemplateTestBody) => apiRequest(templateRoutes.sendTemplateTest, { body }),
    meta: { handlesErrors: true },
  })
}
