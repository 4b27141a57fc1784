import * as z from 'zod'
import { appPaths } from '../app-paths'
import { EmailSchema } from '../auth/schemas'
import { UlidSchema } from '../ids'
import { PageCursorSchema, PageSchema } from '../page'
import { PAID_PLANS, PlanSchema, SubscriptionStatusSchema } from '../plans'
import { atLeastOneField, nonBlankPattern, safeName } from '../text'

export const PaidPlanSchema = z.enum(PAID_PLANS, { message: 'Choose a paid plan (START needs no checkout).' })

export const OrganizationIdQuerySchema = z.object({ organizationId: UlidSchema }).strict()

/** Where Stripe sends the customer back: a path inside the app, never another origin. */
export const AppReturnPathSchema = z
  .string()
  .regex(/^\/app(\/[\w\-/]*)?$/, { message: 'Return path must be a path under /app.' })
  .max(200)

export const CreateCheckoutSessionBodySchema = z
  .object({ organizationId: UlidSchema, plan: PaidPlanSchema })
  .strict()
export type CreateCheckoutSessionBody = z.infer<typeof CreateCheckoutSessionBodySchema>

export const CreateCustomerPortalBodySchema = z
  .object({
    organizationId: UlidSchema,
    /** Open the portal straight on the plan switcher instead of its overview. */
    intent: z.enum(['manage', 'switch_plan']).default('manage'),
    returnPath: AppReturnPathSchema.default(appPaths.billing()),
  })
  .strict()
export type CreateCustomerPortalBody = z.input<typeof CreateCustomerPortalBodySchema>

/** A URL on the payment provider's pages (checkout or portal) the browser navigates to. */
export const RedirectSchema = z.object({ url: z.url() })
export type Redirect = z.infer<typeof RedirectSchema>

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES)

export const InvoiceSchema = z.object({
  id: z.string(),
  /** Stripe's sequential invoice number; null while a draft. */
  number: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Total in the currency's minor unit (cents). */
  total: z.number().int(),
  /** Lowercase ISO 4217 code, as Stripe gives it. */
  currency: z.string().length(3),
  status: InvoiceStatusSchema,
  /** What the invoice is for, e.g. 'Team (monthly)'. */
  description: z.string(),
  periodStart: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
  hostedUrl: z.url().nullable(),
  /** The invoice PDF (spec §3: a pdf link field per item). */
  pdf: z.url().nullable(),
})
export type Invoice = z.infer<typeof InvoiceSchema>

export const InvoiceListQuerySchema = z
  .object({
    organizationId: UlidSchema,
    /** `nextCursor` of the previous page. */
    cursor: PageCursorSchema.optional(),
  })
  .strict()

/** Newest first, the pages Stripe gives. */
export const InvoiceListSchema = PageSchema(InvoiceSchema)
export type InvoiceList = z.infer<typeof InvoiceListSchema>

/** The tax id kinds the billing form offers (a subset of Stripe's `tax_id.type`). */
export const TAX_ID_TYPES = {
  eu_vat: 'EU VAT number',
  gb_vat: 'UK VAT number',
  ch_vat: 'Swiss VAT number',
  no_vat: 'Norwegian VAT number',
  us_ein: 'US EIN',
  ca_bn: 'Canadian BN',
  au_abn: 'Australian ABN',
  nz_gst: 'New Zealand GST number',
  in_gst: 'Indian GST number',
  br_cnpj: 'Brazilian CNPJ',
  jp_cn: 'Japanese corporate number',
  sg_uen: 'Singapore UEN',
} as const
export type TaxIdType = keyof typeof TAX_ID_TYPES
export const TaxIdTypeSchema = z.enum(Object.keys(TAX_ID_TYPES) as [TaxIdType, ...TaxIdType[]])

const line = (label: string, max: number) =>
  safeName(
    z
      .string()
      .trim()
      .min(1, { message: `${label} is required.` })
      .max(max, { message: `${label} is at most ${max} characters.` })
      .regex(nonBlankPattern(1), { message: `${label} is required.` }),
    label,
  )
const optionalLine = (label: string, max: number) => safeName(z.string().trim().max(max), label)

export const BillingAddressSchema = z
  .object({
    line1: line('Address line 1', 200),
    line2: optionalLine('Address line 2', 200).nullable().default(null),
    city: line('City', 100),
    postalCode: optionalLine('The postal code', 20).nullable().default(null),
    state: optionalLine('The state', 100).nullable().default(null),
    /** ISO 3166-1 alpha-2, upper case. */
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, { message: 'Country is a two-letter code such as DE or US.' })
      .transform((value) => value.toUpperCase()),
  })
  .strict()

export const TaxIdSchema = z
  .object({
    type: TaxIdTypeSchema,
    value: z
      .string()
      .trim()
      // Checked trimmed, so it never ends in a space: stated so, the pattern is the same on the text as sent.
      .regex(/^[A-Za-z0-9][A-Za-z0-9 .\-/]{0,47}[A-Za-z0-9.\-/]$/, {
        message: 'Enter the tax id as printed, e.g. DE123456789.',
      }),
  })
  .strict()
export type TaxId = z.infer<typeof TaxIdSchema>

export const BillingDetailsSchema = z.object({
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  address: BillingAddressSchema.nullable(),
  taxId: TaxIdSchema.nullable(),
})
export type BillingDetails = z.infer<typeof BillingDetailsSchema>

export const SubscriptionSummarySchema = z.object({
  plan: PlanSchema,
  status: SubscriptionStatusSchema,
  currentPeriodEnd: z.iso.datetime().nullable(),
  /** The subscription ends at `currentPeriodEnd` instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
})
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>

export const BillingSchema = z.object({
  /** Every field is null until saved (or until the first checkout creates the Stripe customer). */
  details: BillingDetailsSchema,
  subscription: SubscriptionSummarySchema.nullable(),
})
export type Billing = z.infer<typeof BillingSchema>

export const UpdateBillingBodySchema = atLeastOneField(
  z
    .object({
      companyName: optionalLine('The company name', 120).nullable(),
      email: EmailSchema.nullable(),
      address: BillingAddressSchema.nullable(),
      taxId: TaxIdSchema.nullable(),
    })
    .partial()
    .strict(),
)
export type UpdateBillingBody = z.infer<typeof UpdateBillingBodySchema>

/** What owners see until they acknowledge a price change of their plan. */
export const PriceChangeNoticeSchema = z.object({
  plan: PlanSchema,
  currency: z.string().length(3),
  /** Minor units (cents). */
  oldAmount: z.number().int(),
  newAmount: z.number().int(),
  /** The first renewal charged at the new price. */
  effectiveAt: z.iso.datetime(),
})
export type PriceChangeNotice = z.infer<typeof PriceChangeNoticeSchema>

export const StripeSignatureHeader = 'stripe-signature'
/** Stripe's default tolerance for a webhook signature's timestamp. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

// Admin

const monthRangeFields = {
  /** First day included, `YYYY-MM-DD` (UTC). */
  from: z.iso.date(),
  /** Last day included, `YYYY-MM-DD` (UTC). */
  to: z.iso.date(),
}
type MonthRange = { from: string; to: string }
const inOrder: [(range: MonthRange) => boolean, { message: string; path: string[] }] = [
  (range) => range.from <= range.to,
  { message: '`from` must not be after `to`.', path: ['from'] },
]
const withinAYear: [(range: MonthRange) => boolean, { message: string; path: string[] }] = [
  (range) => Date.parse(range.to) - Date.parse(range.from) <= 366 * 86_400_000,
  { message: 'Ask for at most one year at a time.', path: ['to'] },
]

/** What `inOrder` and `withinAYear` ask, as the document states it (JSON Schema cannot compare two fields). */
const RANGE_RULE = { description: '`from` is not after `to`, and `to` is at most 366 days after `from`.' }

export const MonthRangeQuerySchema = z
  .object(monthRangeFields)
  .strict()
  .refine(...inOrder)
  .refine(...withinAYear)
  .meta(RANGE_RULE)
/** A page of the operators' invoice list: the range, and `cursor` (valid with the same range). */
export const AdminInvoiceListQuerySchema = z
  .object({ ...monthRangeFields, cursor: PageCursorSchema.optional() })
  .strict()
  .refine(...inOrder)
  .refine(...withinAYear)
  .meta(RANGE_RULE)

export const AdminInvoiceSchema = InvoiceSchema.extend({
  organizationId: z.string().nullable(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerTaxId: z.string().nullable(),
  customerCountry: z.string().nullable(),
})
export type AdminInvoice = z.infer<typeof AdminInvoiceSchema>

export const AdminInvoiceListSchema = PageSchema(AdminInvoiceSchema)
export type AdminInvoiceList = z.infer<typeof AdminInvoiceListSchema>

export const PlanPriceSchema = z.object({
  plan: PlanSchema,
  currency: z.string().length(3),
  /** What the catalogue (this deployment's code) says, in cents. */
  catalogueAmount: z.number().int(),
  /** The active Stripe price found by the plan's lookup key; null when none exists yet. */
  stripePriceId: z.string().nullable(),
  stripeAmount: z.number().int().nullable(),
})
export type PlanPrice = z.infer<typeof PlanPriceSchema>

export const PlanPricesSchema = z.object({ prices: z.array(PlanPriceSchema) })

export const PriceSyncResultSchema = z.object({
  created: z.array(PlanSchema),
  changed: z.array(
    z.object({
      plan: PlanSchema,
      oldAmount: z.number().int(),
      newAmount: z.number().int(),
      subscriptionsMoved: z.number().int(),
    }),
  ),
})
export type PriceSyncResult = z.infer<typeof PriceSyncResultSchema>
