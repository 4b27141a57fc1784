import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error'
import { adminErrorMessage, NOT_AN_OPERATOR_MESSAGE, planPriceStatus } from './admin-display'

describe('adminErrorMessage', () => {
  it('explains a 403 as not being an operator', () => {
    expect(adminErrorMessage(new ApiError(403, 'permission.denied', 'Forbidden'))).toBe(
      NOT_AN_OPERATOR_MESSAGE,
    )
    expect(adminErrorMessage(new ApiError(502, 'billing.provider_error', 'Stripe is down.'))).toBe(
      'Stripe is down.',
    )
  })
})

describe('planPriceStatus', () => {
  const base = { plan: 'TEAM_MONTHLY', currency: 'usd', catalogueAmount: 4900 } as const
  it('compares the Stripe price with the catalogue', () => {
    expect(planPriceStatus({ ...base, stripePriceId: 'price_1', stripeAmount: 4900 })).toBe('in-sync')
    expect(planPriceStatus({ ...base, stripePriceId: 'price_1', stripeAmount: 3900 })).toBe('differs')
    expect(planPriceStatus({ ...base, stripePriceId: null, stripeAmount: null })).toBe('missing')
  })
})
