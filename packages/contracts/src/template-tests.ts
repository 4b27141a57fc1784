import * as z from 'zod'
import { UlidSchema } from './ids'

/** Spec §3 template test payload, plus where and how to send it. */
export const TemplateTestBodySchema = z
  .object({
    email: z.email({ message: 'Enter the address to send the test to.' }),
    /** MJML and VISUAL (a block document) are compiled first (as a save would); TEXT sends a text-only message. */
    contentType: z.enum(['HTML', 'MJML', 'VISUAL', 'TEXT']).default('HTML'),
    content: z
      .string()
      .min(1)
      .max(512 * 1024),
    name: z.string().trim().max(200).default(''),
    subject: z.string().trim().min(1, { message: 'A subject is required.' }).max(998),
    /**
     * HTML, MJML and VISUAL: the plain-text part (a custom one); absent, it is generated from the HTML as a save does, so
     * the test carries both parts like the real message.
     */
    text: z
      .string()
      .max(512 * 1024)
      .optional(),
    /** Defaults to the caller's selected organization. */
    organizationId: UlidSchema.optional(),
    /** Defaults to the caller's selected AWS account (checked against the organization). */
    awsAccountId: UlidSchema.optional(),
    /** Defaults to the account's first verified email identity. */
    from: z.email().optional(),
    /**
     * Values for the content's `{{variables}}`: SES itself renders subject and body with them (as it will for
     * real sends), so a missing variable fails here the way it would there.
     */
    sampleData: z
      .record(z.string(), z.unknown())
      .refine((data) => JSON.stringify(data).length <= 256 * 1024, {
        message: 'sampleData is at most 256 KB of JSON.',
      })
      .optional(),
  })
  .strict()
export type TemplateTestBody = z.input<typeof TemplateTestBodySchema>

export const TemplateTestResultSchema = z.object({ messageId: z.string(), from: z.string(), to: z.string() })
