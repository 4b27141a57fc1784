import * as z from 'zod'
import { ATTRIBUTE_NAME_PATTERN } from '../audience/attribute-names'
import { EmailSchema } from '../auth/schemas'
import { UlidSchema } from '../ids'
import { TemplateNameSchema } from '../templates/schemas'
import { safeName, uniqueItems } from '../text'

/**
 * Transactional email on the public API (`POST /api/v1/emails`): one of the organization's templates (its current
 * version), filled from `data`, sent to each recipient as its own message through one of the organization's AWS
 * accounts, paced with its campaigns (the account's send share) and recorded in the account's message log by SES's
 * events like a campaign's messages. No List-Unsubscribe header and no unsubscribe link are required: the message
 * is one the recipient asked for (a receipt, a password reset). Addresses suppressed in the organization for a
 * bounce, a complaint or the SES suppression list are refused per recipient (an unsubscribe from marketing mail
 * does not stop transactional mail).
 */

export const TRANSACTIONAL_RECIPIENTS_MAX = 50
export const TRANSACTIONAL_DATA_KEYS_MAX = 100
export const TRANSACTIONAL_VALUE_MAX = 10_000

/** A template variable's value: text, or a number or boolean given as its text (`3`, `true`). */
const DataValueSchema = z.union([z.string().max(TRANSACTIONAL_VALUE_MAX), z.number(), z.boolean()])

export const SendEmailBodySchema = z
  .object({
    /** The template: its id, or its name (exactly as saved). */
    template: z.union([
      z.object({ id: UlidSchema }).strict(),
      z.object({ name: TemplateNameSchema }).strict(),
    ]),
    /** One message per address (each its own `To`), at most 50. */
    to: uniqueItems(z.array(EmailSchema).min(1).max(TRANSACTIONAL_RECIPIENTS_MAX), 'Each recipient once.'),
    /**
     * The template's variables (`{{orderNumber}}`); each recipient's address is `email`. A variable the template
     * reads that `data` lacks is a 400 `transactional.missing_variables` naming it, before anything is sent.
     */
    data: z
      .record(
        z.string().regex(ATTRIBUTE_NAME_PATTERN, {
          message: 'A variable name is a letter or _ then letters, digits or _.',
        }),
        DataValueSchema,
      )
      .refine((data) => Object.keys(data).length <= TRANSACTIONAL_DATA_KEYS_MAX, {
        message: `At most ${TRANSACTIONAL_DATA_KEYS_MAX} variables.`,
      })
      .meta({ maxProperties: TRANSACTIONAL_DATA_KEYS_MAX })
      .default({}),
    /** A verified identity of the AWS account (an address, or any address at a verified domain). */
    from: z
      .object({
        email: EmailSchema,
        name: safeName(z.string().trim().max(100), 'A sender name').default(''),
      })
      .strict(),
    replyTo: EmailSchema.optional(),
    /** One of the organization's AWS accounts; may be left out when exactly one is connected. */
    awsAccountId: UlidSchema.optional(),
  })
  .strict()
export type SendEmailBody = z.input<typeof SendEmailBodySchema>

export const TRANSACTIONAL_STATUSES = ['sent', 'refused', 'failed'] as const

/**
 * Each recipient's outcome: `sent` (SES accepted it: `messageId` is SES's), `refused` (not sent: the address is
 * suppressed — `error.code` `contact.bounce`, `contact.complaint`, `contact.ses_suppression_list`), `failed` (SES
 * refused it or did not answer; `error` says why).
 */
export const SendEmailResultSchema = z.object({
  to: z.string(),
  status: z.enum(TRANSACTIONAL_STATUSES),
  messageId: z.string().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
})
export type SendEmailResult = z.infer<typeof SendEmailResultSchema>

export const SendEmailResponseSchema = z.object({
  awsAccountId: UlidSchema,
  templateId: UlidSchema,
  /** The template version sent (its current one). */
  templateVersion: z.number().int(),
  results: z.array(SendEmailResultSchema),
})
export type SendEmailResponse = z.infer<typeof SendEmailResponseSchema>
