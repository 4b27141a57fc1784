import type { Actor } from '../actor'
import { requireMembership } from '../organizations/organizations'
import { clearPriceChangeNotice } from './billing.repo'

/** Owners and admins clear the price-change notice once they have read it (no Stripe call: stays off its SDK). */
export async function acknowledgePriceChange(actor: Actor, orgId: string): Promise<void> {
  await requireMembership(actor, orgId, 'billing.manage')
  await clearPriceChangeNotice(orgId)
}
