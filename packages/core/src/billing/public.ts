/**
 * What the functions and other domains use of billing. The modules behind it carry the Stripe SDK: a bundle pulls it
 * in only through the names it uses (core is free of side effects, so esbuild drops the rest).
 */
/** The Admin Panel's billing (`BillingAdmin.…`): the invoice report, invoice PDFs. */
export * as BillingAdmin from './admin'
/** Plans, checkout and the customer portal (`Billing.…` in the billing function). */
export * as Billing from './billing'
/** Changing a plan's price for existing subscribers (`PriceChange.…`). */
export * as PriceChange from './price-change'
/** The plan prices in Stripe (`PlanPrices.…`). */
export * as PlanPrices from './prices'
/** What billing does when other domains report something (collected in `event-subscribers.ts`). */
export { billingSubscribers } from './subscribers'
/** Stripe's webhook: verified, then applied once (`StripeWebhook.…`). */
export * as StripeWebhook from './webhook'
