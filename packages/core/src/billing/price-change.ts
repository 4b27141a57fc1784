import type { OrganizationContext } from '../organizations/public'
import { clearPriceChangeNotice } from './billing.repo'

/**
 * Owners and admins clear the price-change notice once they have read it (the route's `billing.manage`
 * permission, checked by the middleware). No Stripe call, so the organizations function stays off its SDK.
 */
export async function acknowledgePriceChange({ organizationId }: OrganizationContext): Promise<void> {
  await clearPriceChangeNotice(organizationId)
}
