import { type Account, LIVE_SUBSCRIPTION_STATUSES } from '@app/contracts'
import { paths } from '../../lib/paths'
import { accountCan, selectedOrganizationOf } from '../account/account-state'

/**
 * Pages an organization without a usable plan (or with an unread price-change notice) can still open: its owner
 * has to be able to create or switch organizations, edit settings, delete things and reach billing.
 */
const ALWAYS_OPEN = [
  paths.settings(),
  paths.newOrganization(),
  paths.organizationSettings(),
  paths.billing(),
  paths.invoices(),
]

export type OrganizationPlanState = 'no-organization' | 'needs-plan' | 'subscription-ended' | 'ready'

/** Spec §4 "Dashboard entry" for the selected organization. */
export function organizationPlanState(account: Account): OrganizationPlanState {
  const organization = selectedOrganizationOf(account)
  if (!organization) return 'no-organization'
  if (!organization.plan) return 'needs-plan'
  if (
    organization.plan !== 'START' &&
    !(organization.subscriptionStatus && LIVE_SUBSCRIPTION_STATUSES.includes(organization.subscriptionStatus))
  ) {
    return 'subscription-ended'
  }
  return 'ready'
}

/** Where entering `pathname` in the dashboard must send the user instead, if anywhere. */
export function dashboardEntryRedirect(account: Account, pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (ALWAYS_OPEN.includes(path)) return undefined
  const state = organizationPlanState(account)
  if (state === 'needs-plan') return paths.onboardingPlan()
  if (state === 'subscription-ended') return paths.subscriptionCanceled()
  if (hasUnreadPriceChange(account)) return paths.priceChangeNotice()
  return undefined
}

/**
 * The selected organization's plan has a price change to read, and the account may acknowledge it (the notice's
 * `billing.manage`; members are not asked).
 */
export function hasUnreadPriceChange(account: Account): boolean {
  const organization = selectedOrganizationOf(account)
  return Boolean(organization?.priceChangeNotice && accountCan(account, 'billing.manage'))
}
