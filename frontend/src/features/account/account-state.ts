import {
  type Account,
  can,
  type OrganizationSummary,
  type Permission,
  type UpdateAccountBody,
} from '@app/contracts'

/** Spec §4: selectedOrganization, or the only organization when there is exactly one. */
export function selectedOrganizationOf(account: Account): OrganizationSummary | undefined {
  const selected = account.organizations.find(
    (organization) => organization.id === account.selectedOrganization,
  )
  if (selected) return selected
  return account.organizations.length === 1 ? account.organizations[0] : undefined
}

/**
 * Whether the account's role in an organization grants `permission`, by the rule the API enforces (contracts'
 * `can`): in the organization named, else the selected one. False before the account loads or outside the
 * organization.
 */
export function accountCan(
  account: Account | undefined,
  permission: Permission,
  organizationId?: string,
): boolean {
  if (!account) return false
  const organization =
    organizationId === undefined
      ? selectedOrganizationOf(account)
      : account.organizations.find((candidate) => candidate.id === organizationId)
  return organization !== undefined && can(organization.role, permission)
}

/** The optimistic version of PATCH /api/account, mirroring the server's rules (selecting an org clears the AWS account). */
export function applyAccountUpdate(account: Account, update: UpdateAccountBody): Account {
  const next: Account = { ...account }
  if (
    update.selectedOrganization !== undefined &&
    update.selectedOrganization !== account.selectedOrganization
  ) {
    next.selectedOrganization = update.selectedOrganization
    next.selectedAwsAccount = null
  }
  if (update.selectedAwsAccount !== undefined) next.selectedAwsAccount = update.selectedAwsAccount
  if (update.lastProductUpdateAt !== undefined) next.lastProductUpdateAt = update.lastProductUpdateAt
  if (update.name !== undefined) next.name = update.name.trim()
  if (update.picture !== undefined) next.picture = update.picture
  return next
}
