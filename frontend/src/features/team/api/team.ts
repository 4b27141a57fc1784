import type {
  Account,
  ChangeRoleBody,
  InviteBody,
  RemoveMembersBody,
  TransferOwnershipBody,
} from '@app/contracts'
import { teamRoutes } from '@app/contracts/teams/routes'
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { accountQueries } from '../../account/api/account'

export const teamQueries = {
  all: () => ['team'] as const,
  /** The members (`accounts`), invitations and seats of one organization. */
  team: (organizationId: string) =>
    queryOptions({
      queryKey: [...teamQueries.all(), organizationId] as const,
      queryFn: ({ signal }) => apiRequest(teamRoutes.getTeam, { params: { id: organizationId }, signal }),
      staleTime: 10_000,
    }),
  /** An invitation as its invitee sees it on `/join` (the link's token proves it is theirs). */
  invitation: (id: string, token: string) =>
    queryOptions({
      queryKey: ['invitation', id, token] as const,
      queryFn: ({ signal }) =>
        apiRequest(teamRoutes.getInvitation, { params: { id }, query: { token }, signal }),
      staleTime: 0,
      retry: false,
    }),
}

function refreshTeam(queryClient: QueryClient, organizationId: string) {
  return queryClient.invalidateQueries({ queryKey: teamQueries.team(organizationId).queryKey })
}

/** The account changed on the server (an organization joined, left, or a role moved): read it again. */
function refreshAccount(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: accountQueries.all() })
}

export function useInviteMembers(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: InviteBody) =>
      apiRequest(teamRoutes.inviteMembers, { params: { id: organizationId }, body }),
    meta: { handlesErrors: true },
    onSuccess: () => refreshTeam(queryClient, organizationId),
  })
}

/** A new link goes out (the old one stops working) and the 7 days start again. */
export function useResendInvitation(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiRequest(teamRoutes.resendInvitation, { params: { id: organizationId, invitationId } }),
    meta: { handlesErrors: true },
    onSuccess: () => refreshTeam(queryClient, organizationId),
  })
}

/** An admin's revoke: `DELETE invitations/{id}` without a token. */
export function useRevokeInvitation(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiRequest(teamRoutes.deleteInvitation, { params: { id: invitationId } }),
    meta: { handlesErrors: true },
    onSuccess: () => refreshTeam(queryClient, organizationId),
  })
}

export function useChangeMemberRole(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ memberId, body }: { memberId: string; body: ChangeRoleBody }) =>
      apiRequest(teamRoutes.changeMemberRole, { params: { id: organizationId, memberId }, body }),
    meta: { handlesErrors: true },
    // The caller's own role may be the one that changed.
    onSuccess: () => Promise.all([refreshTeam(queryClient, organizationId), refreshAccount(queryClient)]),
  })
}

export function useTransferOwnership(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TransferOwnershipBody) =>
      apiRequest(teamRoutes.transferOwnership, { params: { id: organizationId }, body }),
    meta: { handlesErrors: true },
    onSuccess: (team) => {
      queryClient.setQueryData(teamQueries.team(organizationId).queryKey, team)
      return refreshAccount(queryClient)
    },
  })
}

export function useRemoveMember(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (memberId: string) =>
      apiRequest(teamRoutes.removeMember, { params: { id: organizationId, memberId } }),
    meta: { handlesErrors: true },
    onSuccess: () => refreshTeam(queryClient, organizationId),
  })
}

/** All or none: a refusal names who cannot be removed and why. */
export function useRemoveMembers(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: RemoveMembersBody) =>
      apiRequest(teamRoutes.removeMembers, { params: { id: organizationId }, body }),
    meta: { handlesErrors: true },
    onSuccess: () => refreshTeam(queryClient, organizationId),
  })
}

/** The answer is the account without this organization (another one selected, or none). */
export function useLeaveOrganization(organizationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest(teamRoutes.leaveOrganization, { params: { id: organizationId } }),
    meta: { handlesErrors: true },
    onSuccess: (account: Account) => {
      queryClient.setQueryData(accountQueries.current().queryKey, account)
      queryClient.removeQueries({ queryKey: teamQueries.team(organizationId).queryKey })
    },
  })
}

/** Joining selects the organization on the server: the account is read again before the app opens. */
export function useAcceptInvitation(id: string, token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest(teamRoutes.acceptInvitation, { params: { id }, body: { token } }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.fetchQuery({ ...accountQueries.current(), staleTime: 0 }),
  })
}

export function useDeclineInvitation(id: string, token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest(teamRoutes.deleteInvitation, { params: { id }, query: { token } }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueries.invitation(id, token).queryKey }),
  })
}
