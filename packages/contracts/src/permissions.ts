import type { ROLES } from './account/schemas'

type Role = (typeof ROLES)[number]

/**
 * What each role may do in an organization. Every route acting for an organization names one of these
 * (`permission` in the route table); the middleware checks it once: a non-member gets 404, a member whose role
 * lacks it 403. Later features add their permissions here.
 */
export const PERMISSIONS = {
  'organization.read': ['OWNER', 'ADMIN', 'MEMBER'],
  'organization.rename': ['OWNER', 'ADMIN'],
  'organization.choose_plan': ['OWNER', 'ADMIN'],
  'organization.delete': ['OWNER'],
  'billing.read': ['OWNER', 'ADMIN', 'MEMBER'],
  'billing.manage': ['OWNER', 'ADMIN'],
  /** The team page: members, invitations, seats (every member sees who is in the organization). */
  'team.read': ['OWNER', 'ADMIN', 'MEMBER'],
  /** Invite, resend and revoke invitations. */
  'team.invite': ['OWNER', 'ADMIN'],
  'team.remove': ['OWNER', 'ADMIN'],
  /** Change a member's role (admins never change an owner's, nor make owners: core's rule). */
  'team.change_role': ['OWNER', 'ADMIN'],
  'team.transfer_ownership': ['OWNER'],
  /** The audit log: browse and export who did what. */
  'audit.read': ['OWNER', 'ADMIN'],
  'content.write': ['OWNER', 'ADMIN', 'MEMBER'],
  'aws_accounts.manage': ['OWNER', 'ADMIN'],
  /** Topics and contacts: read them, and change them (any member manages the audience, like content). */
  'audience.read': ['OWNER', 'ADMIN', 'MEMBER'],
  'audience.write': ['OWNER', 'ADMIN', 'MEMBER'],
  /** Campaigns: read them (and their pre-flight and recipients), and create, edit, test-send, pause, cancel, delete. */
  'campaigns.read': ['OWNER', 'ADMIN', 'MEMBER'],
  'campaigns.write': ['OWNER', 'ADMIN', 'MEMBER'],
  /** Sending reaches every contact: send now, schedule, resume and retry (members draft and test-send). */
  'campaigns.send': ['OWNER', 'ADMIN'],
  /** Outgoing webhooks: endpoints, their secrets, test events, the delivery log, redelivery, re-enabling. */
  'webhooks.manage': ['OWNER', 'ADMIN'],
  /** The organization's API keys: list, create, rename, rotate and revoke them (admins, as issue 30 asks). */
  'api_keys.manage': ['OWNER', 'ADMIN'],
} as const satisfies Record<string, readonly Role[]>

export type Permission = keyof typeof PERMISSIONS

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role)
}
