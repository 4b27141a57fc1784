import {
  appPaths,
  type Billing,
  type BillingDetails,
  type CreateCheckoutSessionBody,
  type CreateCustomerPortalBody,
  INVOICE_STATUSES,
  type Invoice,
  type InvoiceList,
  type PaidPlan,
  type Redirect,
  TaxIdTypeSchema,
  type UpdateBillingBody,
} from '@app/contracts'
import * as z from 'zod'
import type { Actor } from '../actor'
import { cursorPosition, encodeCursor } from '../db/cursor'
import { coreEnv } from '../env'
import { AppError } from '../errors'
import type { OrganizationContext, OrganizationRecord } from '../organizations/public'
import * as Repo from './billing.repo'
import { activePriceFor } from './prices'
import { callStripe, type Stripe, stripe } from './stripe-client'
import { currentSubscription, isLive, listSubscriptions, statusOf, summarize } from './subscriptions'

/** Where Checkout sends the browser back (the frontend's onboarding pages read these parameters). */
export function checkoutReturnUrls(plan: PaidPlan) {
  const app = coreEnv().appUrl
  return {
    success_url: `${app}${appPaths.checkoutReturn(plan)}`,
    cancel_url: `${app}${appPaths.onboardingPlan({ checkout: 'canceled' })}`,
  }
}

/** One Stripe customer per organization, created on first need and reused (idempotent under races). */
async function ensureCustomer(org: OrganizationRecord, actor: Actor): Promise<string> {
  if (org.stripeCustomerId) return org.stripeCustomerId
  const client = await stripe()
  const customer = await client.customers.create(
    {
      name: org.name || undefined,
      email: actor.kind === 'user' ? actor.email : undefined,
      metadata: { organizationId: org.id },
    },
    { idempotencyKey: `organization-customer-${org.id}` },
  )
  return Repo.setStripeCustomer(org.id, customer.id)
}

export async function createCheckoutSession(
  { actor, organization: org }: OrganizationContext,
  input: CreateCheckoutSessionBody,
): Promise<Redirect> {
  return callStripe(async () => {
    const customerId = await ensureCustomer(org, actor)
    // Stripe is the truth: the webhook may not have reached us yet for a subscription started a moment ago.
    const live = (await listSubscriptions(customerId)).some((subscription) => isLive(statusOf(subscription)))
    if (live) {
      throw new AppError(
        'billing.subscription_exists',
        'This organization already has a subscription; change its plan from Subscription & billing.',
      )
    }
    const price = await activePriceFor(input.plan)
    const client = await stripe()
    const session = await client.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: org.id,
      line_items: [{ price: price.id, quantity: 1 }],
      metadata: { organizationId: org.id, plan: input.plan },
      subscription_data: { metadata: { organizationId: org.id, plan: input.plan } },
      ...checkoutReturnUrls(input.plan),
    })
    if (!session.url) throw new AppError('billing.provider_error', 'Stripe returned no checkout URL.')
    return { url: session.url }
  })
}

export async function createCustomerPortal(
  { organization: org }: OrganizationContext,
  body: CreateCustomerPortalBody,
): Promise<Redirect> {
  if (!org.stripeCustomerId) {
    throw new AppError(
      'billing.no_customer',
      'There is no subscription to manage yet; choose a paid plan first.',
    )
  }
  const customerId = org.stripeCustomerId
  return callStripe(async () => {
    const client = await stripe()
    const subscription = currentSubscription(await listSubscriptions(customerId))
    const switchPlan = body.intent === 'switch_plan' && subscription && isLive(statusOf(subscription))
    const session = await client.billingPortal.sessions.create({
      customer: customerId,
      return_url: `${coreEnv().appUrl}${body.returnPath}`,
      ...(switchPlan
        ? {
            flow_data: {
              type: 'subscription_update',
              subscription_update: { subscription: subscription.id },
            },
          }
        : {}),
    })
    return { url: session.url }
  })
}

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null)

export function toInvoice(invoice: Stripe.Invoice): Invoice {
  const line = invoice.lines?.data[0]
  const status = INVOICE_STATUSES.find((candidate) => candidate === invoice.status) ?? 'open'
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? null,
    createdAt: new Date(invoice.created * 1000).toISOString(),
    total: invoice.total,
    currency: invoice.currency,
    status,
    description: invoiceDescription(invoice),
    periodStart: iso(line?.period?.start ?? invoice.period_start),
    periodEnd: iso(line?.period?.end ?? invoice.period_end),
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdf: invoice.invoice_pdf ?? null,
  }
}

/** What Stripe printed on the invoice's first line (it follows plan switches, unlike subscription metadata). */
function invoiceDescription(invoice: Stripe.Invoice): string {
  return invoice.lines?.data[0]?.description ?? invoice.description ?? 'Subscription'
}

const INVOICE_PAGE = 20
/** A page position: the last Stripe invoice id of the previous page, handed to Stripe as `starting_after`. */
export const StripePositionSchema = z
  .object({ stripeId: z.string().regex(/^in_[A-Za-z0-9_]{1,200}$/) })
  .strict()

export async function listInvoices(
  { organization: org }: OrganizationContext,
  cursor?: string,
): Promise<InvoiceList> {
  const cursorQuery = { list: 'invoices', scope: org.id }
  const after = cursorPosition(cursorQuery, cursor, StripePositionSchema)
  const customerId = org.stripeCustomerId
  if (!customerId) return { items: [], nextCursor: null }
  return callStripe(async () => {
    const client = await stripe()
    const page = await client.invoices.list({
      customer: customerId,
      limit: INVOICE_PAGE,
      ...(after ? { starting_after: after.stripeId } : {}),
    })
    const invoices = page.data.filter((invoice) => invoice.status !== 'draft').map(toInvoice)
    const last = page.data.at(-1)
    return {
      items: invoices,
      nextCursor: page.has_more && last?.id ? encodeCursor(cursorQuery, { stripeId: last.id }) : null,
    }
  })
}

const EMPTY_DETAILS: BillingDetails = { companyName: null, email: null, address: null, taxId: null }

async function readBilling(customerId: string): Promise<Billing> {
  const client = await stripe()
  const [customer, taxIds, subscriptions] = await Promise.all([
    client.customers.retrieve(customerId),
    client.customers.listTaxIds(customerId, { limit: 10 }),
    listSubscriptions(customerId),
  ])
  const subscription = currentSubscription(subscriptions)
  if (customer.deleted) return { details: EMPTY_DETAILS, subscription: null }
  const address = customer.address
  const taxId = taxIds.data
    .map((entry) => ({ type: TaxIdTypeSchema.safeParse(entry.type), value: entry.value }))
    .find((entry) => entry.type.success)
  return {
    details: {
      companyName: customer.name || null,
      email: customer.email || null,
      address:
        address?.line1 && address.city && address.country
          ? {
              line1: address.line1,
              line2: address.line2 || null,
              city: address.city,
              postalCode: address.postal_code || null,
              state: address.state || null,
              country: address.country,
            }
          : null,
      taxId: taxId?.type.success ? { type: taxId.type.data, value: taxId.value } : null,
    },
    subscription: subscription ? summarize(subscription) : null,
  }
}

export async function getBilling({ organization: org }: OrganizationContext): Promise<Billing> {
  const customerId = org.stripeCustomerId
  if (!customerId) return { details: EMPTY_DETAILS, subscription: null }
  return callStripe(() => readBilling(customerId))
}

/** Billing details live in Stripe (they print on every invoice); nothing of them is stored here. */
export async function updateBilling(
  { actor, organization: org }: OrganizationContext,
  input: UpdateBillingBody,
): Promise<Billing> {
  return callStripe(async () => {
    const customerId = await ensureCustomer(org, actor)
    const client = await stripe()
    const update: Stripe.CustomerUpdateParams = {}
    if (input.companyName !== undefined) update.name = input.companyName ?? ''
    if (input.email !== undefined) update.email = input.email ?? ''
    if (input.address !== undefined) {
      update.address = input.address
        ? {
            line1: input.address.line1,
            line2: input.address.line2 ?? '',
            city: input.address.city,
            postal_code: input.address.postalCode ?? '',
            state: input.address.state ?? '',
            country: input.address.country,
          }
        : ''
    }
    if (Object.keys(update).length > 0) await client.customers.update(customerId, update)
    if (input.taxId !== undefined) {
      const existing = await client.customers.listTaxIds(customerId, { limit: 10 })
      const wanted = input.taxId
      const same = existing.data.find(
        (entry) => wanted && entry.type === wanted.type && entry.value === wanted.value,
      )
      if (!same && wanted)
        await client.customers.createTaxId(customerId, { type: wanted.type, value: wanted.value })
      for (const entry of existing.data) {
        if (entry.id !== same?.id) await client.customers.deleteTaxId(customerId, entry.id)
      }
    }
    return readBilling(customerId)
  })
}
