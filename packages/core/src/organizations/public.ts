/**
 * What other domains may use of the organizations domain's storage (its repository stays private to this folder;
 * the boundaries lint rule enforces it). Membership checks and organization changes are in `organizations.ts`.
 */
export {
  getOrganization,
  listMembers,
  type MemberRecord,
  type OrganizationRecord,
  removeMember,
  toMember,
  toOrganizationRecord,
} from './organizations.repo'
