import { type OrganizationSummary, type Plan, planTier, type Role } from '@app/contracts'

export function organizationName(organization: Pick<OrganizationSummary, 'name'>): string {
  return organization.name.trim() || 'New Organization'
}

export type PlanBadgeColor = 'blue' | 'purple' | 'orange' | 'yellow'

const TIER_BADGES = {
  TEAM: { label: 'Team', color: 'blue' },
  TEAM_PLUS: { label: 'Team Plus', color: 'purple' },
  SOLO: { label: 'Solo', color: 'orange' },
  START: { label: 'Start', color: 'yellow' },
} as const satisfies Record<string, { label: string; color: PlanBadgeColor }>

/** Spec §4: Team blue, Team Plus purple, Solo orange, Start yellow; no badge without a plan. */
export function planBadge(plan: Plan | null): { label: string; color: PlanBadgeColor } | undefined {
  return plan ? TIER_BADGES[planTier(plan)] : undefined
}

const ROLE_LABELS: Record<Role, string> = { OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'Member' }

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role]
}

/** What the UI offers; the API checks the same rules on every call. */
export function canManageOrganization(role: Role): boolean {
  return role === 'OWNER' || role === 'ADMIN'
}

export function canDeleteOrganization(role: Role): boolean {
  return role === 'OWNER'
}
