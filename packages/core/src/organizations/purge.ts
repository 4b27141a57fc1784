import { MEMBER_PREFIX } from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'
import { deleteProfileAndMemberships } from './organizations.repo'

export const organizationsPurge: PurgeDeclaration = {
  domain: 'organizations',
  prefixes: ['PROFILE', MEMBER_PREFIX],
  /** The profile first (every access check fails from then on), then the members' own membership items. */
  beforeOrganization: deleteProfileAndMemberships,
}
