/**
 * What other domains may use of the organizations domain's storage (its repository stays private to this folder;
 * the boundaries lint rule enforces it), and its services: membership checks and organization changes are in
 * `organizations.ts` (`Organizations`).
 */
/** The context every organization-scoped call takes, and the permission checks on it. */
export {
  allows,
  assertAllowed,
  memberContext,
  type OrganizationContext,
  organizationContext,
} from './context'
/** The organizations' services (`Organizations.requireMembership(…)` in the functions), and the plan gate. */
export * as Organizations from './organizations'
export { assertFeature } from './organizations'
export {
  getOrganization,
  listMembers,
  type MemberRecord,
  memberRemovalWrites,
  memberRoleCheck,
  memberWrites,
  type OrganizationRecord,
  removeMember,
  roleChangeWrites,
  toMember,
  toOrganizationRecord,
} from './organizations.repo'
/** Roles and permissions (`Permissions.…` in the functions). */
export type { Permission } from './permissions'
export * as Permissions from './permissions'
/** The plan's seats (members, AWS accounts) and their check. */
export { assertSeats, seatsFor } from './seats'
/** A write together with the template actions it records, in one transaction (templates and blocks). */
export { type TransactItem, WriteRefused, writeWithTemplateActions } from './template-actions'
