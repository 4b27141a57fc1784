import type { Permission } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { accountCan } from './account-state'
import { accountQueries } from './api/account'

/**
 * Whether the signed-in account may do what `permission` names, in `organizationId` or else the selected
 * organization. Ask the permission of the route the control calls (its `permission` in the route table), so the UI
 * offers exactly what the API allows. False while the account loads.
 */
export function usePermission(permission: Permission, organizationId?: string): boolean {
  const { data: allowed } = useQuery({
    ...accountQueries.current(),
    select: (account) => accountCan(account, permission, organizationId),
  })
  return allowed ?? false
}
