import {
  planBadge as catalogueBadge,
  OrganizationNameSchema,
  type OrganizationSummary,
  type Plan,
  type Role,
} from '@app/contracts'

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

/** Mail providers whose domain says nothing about the sender's company. */
const SHARED_MAIL_DOMAINS = new Set([
  'aol',
  'example',
  'gmail',
  'googlemail',
  'gmx',
  'hotmail',
  'icloud',
  'live',
  'mail',
  'me',
  'outlook',
  'proton',
  'protonmail',
  'yahoo',
])

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/**
 * The name offered when a new account names its first organization: the company of a work address (`jane@acme.io`
 * → `Acme`), else the person's own first name (`jane.doe@gmail.com` → `Jane`); the person edits it freely.
 */
export function suggestedOrganizationName(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@')
  const company = domain.split('.')[0] ?? ''
  const word = company && !SHARED_MAIL_DOMAINS.has(company) ? company : (local.split(/[._+-]/)[0] ?? '')
  return capitalized(word.replace(/[^\p{L}\p{N}-]/gu, '')).slice(0, 120)
}

/** Why a typed organization name cannot be saved (the API's own rule), or undefined when it can. */
export function organizationNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'Give the organization a name.'
  const parsed = OrganizationNameSchema.safeParse(name)
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'This name cannot be used.')
}
