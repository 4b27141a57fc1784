import { ROLES, type Role } from '../account/schemas'
import { can, type Permission } from '../permissions'

/** One line of the role table: what a person may do, and the permission the API checks for it. */
export interface RoleTableRow {
  label: string
  permission: Permission
}

/**
 * What each role allows, as the team page shows it (spec §6 hides role names elsewhere; here members learn what
 * theirs lets them do). Every row is a permission the routes enforce, so the table cannot promise more than the API.
 */
export const ROLE_TABLE: readonly RoleTableRow[] = [
  { label: 'Edit templates and reusable blocks', permission: 'content.write' },
  { label: 'Publish templates to SES', permission: 'content.write' },
  { label: 'Manage contacts and topics', permission: 'audience.write' },
  { label: 'Draft campaigns and send tests', permission: 'campaigns.write' },
  { label: 'Send campaigns to contacts', permission: 'campaigns.send' },
  { label: 'Manage AWS accounts', permission: 'aws_accounts.manage' },
  { label: 'Manage API keys', permission: 'api_keys.manage' },
  { label: 'Manage webhooks', permission: 'webhooks.manage' },
  { label: 'Change the plan and billing', permission: 'billing.manage' },
  { label: 'Invite members', permission: 'team.invite' },
  { label: 'Remove members', permission: 'team.remove' },
  { label: "Change members' roles", permission: 'team.change_role' },
  { label: 'View the audit log', permission: 'audit.read' },
  { label: 'Transfer ownership', permission: 'team.transfer_ownership' },
  { label: 'Delete the organization', permission: 'organization.delete' },
]

/** The table's columns, most powerful first. */
export const ROLE_TABLE_ROLES: readonly Role[] = ROLES

/** Whether `role` may do what `row` says: contracts' `can`, the API's rule. */
export function roleAllows(role: Role, row: RoleTableRow): boolean {
  return can(role, row.permission)
}
