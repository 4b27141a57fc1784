import {
  type Account,
  CHECKOUT_CANCELED_PARAM,
  CHECKOUT_PLAN_PARAM,
  CHECKOUT_SESSION_PARAM,
  LIVE_SUBSCRIPTION_STATUSES,
  type PaidPlan,
  PaidPlanSchema,
} from '@app/contracts'
import { paths } from '../../lib/paths'
import { selectedOrganizationOf } from '../account/account-state'

/**
 * Where the payment provider sends the browser back. The server builds them with the same functions:
 * `paths.checkoutReturn(plan)` after a payment (`?session_id=<Stripe's id>&plan=<plan>`) and
 * `paths.onboardingPlan({ checkout: 'canceled' })` when the customer cancels or goes back.
 */
export const CHECKOUT_RETURN_PATH = paths.onboardingCheckout()
export const CHECKOUT_CANCELED_PATH = paths.onboardingPlan({ checkout: 'canceled' })

/** The activation page polls the account this often, and gives up (offering 'Check again') after this long. */
export const ACTIVATION_POLL_MS = 1500
export const ACTIVATION_TIMEOUT_MS = 90_000

export interface CheckoutReturn {
  sessionId: string
  plan: PaidPlan
}

/** The return page's query, or undefined when it is missing or not something checkout could have sent. */
export function parseCheckoutReturn(search: URLSearchParams): CheckoutReturn | undefined {
  const sessionId = search.get(CHECKOUT_SESSION_PARAM)?.trim()
  const plan = PaidPlanSchema.safeParse(search.get(CHECKOUT_PLAN_PARAM))
  // Stripe's ids are `cs_…`; the placeholder left unreplaced means the server built the URL wrongly.
  if (!sessionId || !/^[\w-]{1,255}$/.test(sessionId) || !plan.success) return undefined
  return { sessionId, plan: plan.data }
}

export function wasCheckoutCanceled(search: URLSearchParams): boolean {
  return search.get(CHECKOUT_CANCELED_PARAM) === 'canceled'
}

/** The webhook has landed: the selected organization is on the paid plan with a subscription that grants it. */
export function isPlanActivated(account: Account, plan: PaidPlan): boolean {
  const organization = selectedOrganizationOf(account)
  return (
    organization?.plan === plan &&
    organization.subscriptionStatus !== null &&
    LIVE_SUBSCRIPTION_STATUSES.includes(organization.subscriptionStatus)
  )
}
