import { type Feature, lowestTierFor, type Plan, planUnlocks, TIERS } from '@app/contracts'
import { paths } from '../../lib/paths'

export interface NavItem {
  to: string
  label: string
  /** The catalogue feature that unlocks the page; nav items carry the plans that unlock them (spec §3). */
  feature?: Feature
  /** Match the path exactly (a parent path such as /app/campaigns is not active on /app/campaigns/new). */
  end?: boolean
}

export interface NavSection {
  id: string
  label: string
  defaultOpen: boolean
  items: readonly NavItem[]
}

/** Spec §2 "Dashboard sidebar". */
export const NAV_SECTIONS: readonly NavSection[] = [
  {
    id: 'templates',
    label: 'Templates',
    defaultOpen: true,
    items: [
      { to: paths.templates(), label: 'All templates' },
      { to: paths.blocks(), label: 'Reusable blocks', feature: 'reusableBlocks' },
      { to: paths.githubSync(), label: 'Github sync', feature: 'githubSync' },
    ],
  },
  {
    id: 'audience',
    label: 'Audience',
    defaultOpen: false,
    items: [
      { to: paths.contacts(), label: 'Contacts', feature: 'audience' },
      { to: paths.topics(), label: 'Topics', feature: 'audience' },
    ],
  },
  {
    id: 'campaigns',
    label: 'Campaigns',
    defaultOpen: false,
    items: [
      { to: paths.campaigns(), label: 'All campaigns', feature: 'campaigns', end: true },
      { to: paths.newCampaign(), label: 'Create campaign', feature: 'campaigns' },
    ],
  },
  {
    id: 'aws-account',
    label: 'AWS account',
    defaultOpen: false,
    items: [
      { to: paths.awsAccount(), label: 'Status' },
      { to: paths.monitoring(), label: 'Logs & metrics', feature: 'monitoring' },
      { to: paths.emailIdentities(), label: 'Email identities' },
    ],
  },
]

/**
 * Spec §6 lock-style badge: the name of the cheapest plan that unlocks the item, or nothing when the
 * organization's plan already does (or the item is not gated).
 */
export function lockedUntil(plan: Plan | null | undefined, feature: Feature | undefined): string | undefined {
  if (!feature || planUnlocks(plan, feature)) return undefined
  return TIERS[lowestTierFor(feature)].name
}

/** Whether the page at `pathname` is one of the section's (or below one): its section shows open. */
export function sectionHolds(section: NavSection, pathname: string): boolean {
  return section.items.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))
}

const STORAGE_PREFIX = 'ses-studio:sidebar:'

/** Whether a section is open: what the user last chose in this browser, else the section's default. */
export function readSectionOpen(storage: Pick<Storage, 'getItem'> | undefined, section: NavSection): boolean {
  try {
    const stored = storage?.getItem(`${STORAGE_PREFIX}${section.id}`)
    return stored === 'open' ? true : stored === 'closed' ? false : section.defaultOpen
  } catch {
    return section.defaultOpen
  }
}

export function writeSectionOpen(
  storage: Pick<Storage, 'setItem'> | undefined,
  section: NavSection,
  open: boolean,
): void {
  try {
    storage?.setItem(`${STORAGE_PREFIX}${section.id}`, open ? 'open' : 'closed')
  } catch {
    // Private mode or a full quota: the section still toggles, it is just not remembered.
  }
}
