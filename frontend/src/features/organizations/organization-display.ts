import { planBadge as catalogueBadge, type OrganizationSummary, type Plan, type Role } from '@app/contracts'

export function organizationName(organization: Pick<OrganizationSummary, 'name'>): string {
  return organization.name.trim() || 'New Organization'
}

export type PlanBadgeColor = 'blue' | 'purple' | 'orange' | 'yellow'

/** Spec §4: Team blue, Team Plus purple, Solo orange, Start yellow; no badge without a plan (from the catalogue). */
export function planBadge(plan: Plan | null): { label: string; color: PlanBadgeColor } | undefined {
  return catalogueBadge(plan) ?? undefined
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
