import * as z from 'zod'
import { EmailSchema } from '../auth/schemas'
import { PriceChangeNoticeSchema } from '../billing/schemas'
import { httpUrl } from '../http-url'
import { AccountIdSchema, UlidSchema } from '../ids'
import { PlanSchema, SubscriptionStatusSchema } from '../plans'
import { atLeastOneField, nonBlank, safeName } from '../text'

export const ROLES = ['OWNER', 'ADMIN', 'MEMBER'] as const
export const RoleSchema = z.enum(ROLES)
export type Role = z.infer<typeof RoleSchema>

export const OrganizationSummarySchema = z.object({
  id: UlidSchema,
  /** Empty until the owner names it; the app shows 'New Organization'. */
  name: z.string(),
  plan: PlanSchema.nullable(),
  subscriptionStatus: SubscriptionStatusSchema.nullable(),
  /** Template actions left this month on START; null when unlimited (paid) or no plan yet. */
  availableActions: z.number().int().nullable(),
  role: RoleSchema,
  /** A price change of the plan this organization pays for, until an owner or admin acknowledges it. */
  priceChangeNotice: PriceChangeNoticeSchema.nullable(),
})
export type OrganizationSummary = z.infer<typeof OrganizationSummarySchema>

export const AccountSchema = z.object({
  id: AccountIdSchema,
  email: z.string(),
  emailVerified: z.boolean(),
  name: z.string().optional(),
  picture: z.string().nullable(),
  organizations: z.array(OrganizationSummarySchema),
  selectedOrganization: UlidSchema.nullable(),
  selectedAwsAccount: UlidSchema.nullable(),
  lastProductUpdateAt: z.string().nullable(),
  hasAccessToPlatform: z.boolean(),
})
export type Account = z.infer<typeof AccountSchema>

export const CreateAccountBodySchema = z.object({ email: EmailSchema }).strict()
export type CreateAccountBody = z.infer<typeof CreateAccountBodySchema>

export const PictureSchema = httpUrl(
  z.url({ protocol: /^https$/, message: 'Picture must be an https URL.' }).max(2048),
  'https',
)

export const UpdateAccountBodySchema = atLeastOneField(
  z
    .object({
      selectedOrganization: UlidSchema,
      selectedAwsAccount: UlidSchema.nullable(),
      lastProductUpdateAt: z.iso.datetime({ offset: true }),
      name: safeName(nonBlank(z.string().trim().min(1).max(120))),
      picture: PictureSchema.nullable(),
    })
    .partial()
    .strict(),
)
export type UpdateAccountBody = z.infer<typeof UpdateAccountBodySchema>
