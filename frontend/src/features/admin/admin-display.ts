import type { PlanPrice } from '@app/contracts'
import type { BadgeColor } from '../../components/ui/badge'
import { errorMessage, isApiError } from '../../lib/api-error'

export const NOT_AN_OPERATOR_MESSAGE = 'This account is not an operator of this deployment.'

/** Any admin call refused with 403 means the signed-in person is not an operator (the menu check is client-side only). */
export function adminErrorMessage(error: unknown): string {
  return isNotOperator(error) ? NOT_AN_OPERATOR_MESSAGE : errorMessage(error)
}

/** Trying again will not help: only the deployment's operators change that. */
export function isNotOperator(error: unknown): boolean {
  return isApiError(error) && error.status === 403
}

export type PlanPriceStatus = 'in-sync' | 'differs' | 'missing'

export function planPriceStatus(price: PlanPrice): PlanPriceStatus {
  if (price.stripePriceId === null || price.stripeAmount === null) return 'missing'
  return price.stripeAmount === price.catalogueAmount ? 'in-sync' : 'differs'
}

export const PLAN_PRICE_STATUS_TEXT: Record<PlanPriceStatus, { label: string; badge: BadgeColor }> = {
  'in-sync': { label: 'in sync', badge: 'green' },
  differs: { label: 'differs', badge: 'orange' },
  missing: { label: 'missing', badge: 'yellow' },
}
