import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { selectedOrganizationOf } from '../account/account-state'
import { accountQueries } from '../account/api/account'
import { canManageOrganization } from '../organizations/organization-display'
import { awsAccountQueries } from './api/aws-accounts'
import { selectedAwsAccountOf } from './aws-account-display'

/**
 * The organization's AWS accounts and the one the pages work on (spec §4: the selected one, else the first).
 * `canManage`: owners and admins connect, change and delete accounts (the API checks the same).
 */
export function useSelectedAwsAccount() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const organization = selectedOrganizationOf(account)
  const accounts = useQuery({
    ...awsAccountQueries.list(organization?.id ?? ''),
    enabled: organization !== undefined,
  })
  const selected = accounts.data ? selectedAwsAccountOf(accounts.data, account.selectedAwsAccount) : undefined
  return {
    account,
    organization,
    accounts,
    selected,
    canManage: organization ? canManageOrganization(organization.role) : false,
  }
}
