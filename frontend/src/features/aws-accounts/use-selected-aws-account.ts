import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { accountCan, selectedOrganizationOf } from '../account/account-state'
import { accountQueries } from '../account/api/account'
import { awsAccountQueries } from './api/aws-accounts'
import { selectedAwsAccountOf } from './aws-account-display'

/**
 * The organization's AWS accounts and the one the pages work on (spec §4: the selected one, else the first).
 * `canManage`: whether the account may connect, change and delete AWS accounts (`aws_accounts.manage`, the
 * permission of those routes).
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
    canManage: accountCan(account, 'aws_accounts.manage'),
  }
}
