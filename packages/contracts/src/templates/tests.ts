import * as z from 'zod'
import { emailAddress } from '../email-address'
import { UlidSchema } from '../ids'
import { nonBlank, safeName, wellFormedText } from '../text'
import { TemplateSubjectSchema } from './schemas'

/** Spec §3 template test payload, plus where and how to send it. */
export const TemplateTestBodySchema = z
  .object({
    email: emailAddress('Enter the address to send the test to.'),
    /** MJML and VISUAL (a block document) are compiled first (as a save would); TEXT sends a text-only message. */
    contentType: z.enum(['HTML', 'MJML', 'VISUAL', 'TEXT']).default('HTML'),
    content: wellFormedText(
      z
        .string()
        .min(1)
        .max(512 * 1024),
      'The content',
    ),
    name: safeName(z.string().trim().max(200), 'The template name').default(''),
    /** One line, as a template subject (no CR/LF: it becomes a header). */
    subject: nonBlank(
      TemplateSubjectSchema.trim().min(1, { message: 'A subject is required.' }),
      'A subject is required.',
    ),
    /**
     * HTML, MJML and VISUAL: the plain-text part (a custom one); absent, it is generated from the HTML as a save does, so
     * the test carries both parts like the real message.
     */
    text: wellFormedText(z.string().max(512 * 1024), 'The text part').optional(),
    /** Defaults to the caller's selected organization. */
    organizationId: UlidSchema.optional(),
    /** Defaults to the caller's selected AWS account (checked against the organization). */
    awsAccountId: UlidSchema.optional(),
    /**
     * The address to send from: a verified email identity of the AWS account, or any address at a verified domain
     * (409 `email_identity.not_verified` otherwise). Defaults to the account's first verified email identity.
     */
    from: emailAddress('Enter the address to send from.').max(254).optional(),
    /**
     * Values for the content's `{{variables}}`: SES itself renders subject and body with them (as it will for
     * real sends), so a missing variable fails here the way it would there.
     */
    sampleData: z
      .record(z.string(), z.unknown())
      .refine((data) => JSON.stringify(data).length <= 256 * 1024, {
        message: 'sampleData is at most 256 KB of JSON.',
      })
      .meta({ description: 'At most 256 KB (262144 characters) as JSON.' })
      .optional(),
  })
  .strict()
export type TemplateTestBody = z.input<typeof TemplateTestBodySchema>

export const TemplateTestResultSchema = z.object({ messageId: z.string(), from: z.string(), to: z.string() })
