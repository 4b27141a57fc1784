import * as z from 'zod'
import { emailAddress } from '../email-address'
import { UlidSchema } from '../ids'
import { PageSchema } from '../page'
import { safeName } from '../text'

/** SES identities of a connected AWS account: an email address or a whole domain. */
export const IDENTITY_TYPES = ['EMAIL_ADDRESS', 'DOMAIN'] as const

export const EmailIdentitySchema = z.object({
  /** The address or domain itself (SES names identities by value). */
  id: z.string(),
  type: z.enum(IDENTITY_TYPES),
  /** PENDING, SUCCESS, FAILED, TEMPORARY_FAILURE, NOT_STARTED. */
  verificationStatus: z.string(),
  dkimStatus: z.string().nullable(),
  /** Verified: mail can be sent from it (from a domain: any address at it). */
  usableAsSender: z.boolean(),
  /** Domains: the three DKIM CNAME records to publish. */
  dkimRecords: z.array(z.object({ name: z.string(), type: z.literal('CNAME'), value: z.string() })),
  mailFromDomain: z.string().nullable(),
  mailFromStatus: z.string().nullable(),
})
export type EmailIdentity = z.infer<typeof EmailIdentitySchema>

/** Every identity SES lists for the account: one page, `nextCursor` null. */
export const EmailIdentityListSchema = PageSchema(EmailIdentitySchema)

const DomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    message: 'Enter a domain like example.com.',
  })

export const CreateEmailIdentityBodySchema = z.discriminatedUnion('type', [
  z.object({ awsAccountId: UlidSchema, type: z.literal('EMAIL_ADDRESS'), email: emailAddress() }).strict(),
  z
    .object({
      awsAccountId: UlidSchema,
      type: z.literal('DOMAIN'),
      domain: DomainSchema,
      /** Optional custom MAIL FROM subdomain, e.g. mail.example.com. */
      mailFromDomain: DomainSchema.optional(),
    })
    .strict(),
])
export type CreateEmailIdentityBody = z.input<typeof CreateEmailIdentityBodySchema>

export const EmailIdentityParamsSchema = z
  .object({ id: safeName(z.string().min(3).max(320), 'An identity') })
  .strict()
