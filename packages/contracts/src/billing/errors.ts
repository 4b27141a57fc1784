/** Billing through the payment provider. */
export const BILLING_ERROR_STATUS = {
  'billing.subscription_exists': 409,
  'billing.no_customer': 409,
  'billing.provider_error': 502,
} as const
