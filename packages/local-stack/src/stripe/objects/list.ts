import type Stripe from 'stripe'

export const apiList = <T>(data: T[], url: string, hasMore = false): Stripe.ApiList<T> => ({
  object: 'list',
  data,
  has_more: hasMore,
  url,
})

/** On the wire a decimal is a string ("4900"); the SDK turns it into its own Decimal type. */
export const decimal = (value: number) => String(value) as unknown as Stripe.Decimal
