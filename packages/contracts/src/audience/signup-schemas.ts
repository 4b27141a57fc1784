import * as z from 'zod'
import { EmailSchema } from '../auth/schemas'
import { UlidSchema } from '../ids'
import { safeName } from '../text'

/**
 * Public signup to a topic (double opt-in, what listmonk and Mailchimp users expect): a hosted page per topic
 * (`/subscribe/<organizationId>/<topicId>`) and an HTML form any site can embed, both posting to a public,
 * rate-limited endpoint. A topic with `doubleOptIn` keeps the person `PENDING` (never mailed by a campaign) until
 * they open the confirmation link mailed to them; the answer is the same whether the address was known or not.
 */
export const SIGNUP_PAGE_PATH = '/subscribe'
export const SIGNUP_CONFIRM_PATH = '/subscribe/confirm'
export const SIGNUP_FORM_PATH = '/api/signup/form'
/** The honeypot: hidden from people, filled by bots; a signup with it filled is dropped silently. */
export const SIGNUP_HONEYPOT_FIELD = 'website'

export const signupPagePath = (organizationId: string, topicId: string) =>
  `${SIGNUP_PAGE_PATH}/${encodeURIComponent(organizationId)}/${encodeURIComponent(topicId)}`

export const SignupTopicParamsSchema = z.object({ topicId: UlidSchema }).strict()
export const SignupTopicQuerySchema = z.object({ organizationId: UlidSchema }).strict()

/** What the hosted page shows. */
export const SignupFormSchema = z.object({
  organizationName: z.string(),
  topic: z.object({ id: UlidSchema, name: z.string(), description: z.string(), doubleOptIn: z.boolean() }),
})
export type SignupForm = z.infer<typeof SignupFormSchema>

const SignupNameSchema = safeName(z.string().trim().max(100), 'A name')

export const SignupBodySchema = z
  .object({
    organizationId: UlidSchema,
    topicId: UlidSchema,
    email: EmailSchema,
    firstName: SignupNameSchema.optional(),
    lastName: SignupNameSchema.optional(),
    [SIGNUP_HONEYPOT_FIELD]: z.string().max(500).optional().describe('Leave empty (a bot trap).'),
  })
  .strict()
export type SignupBody = z.input<typeof SignupBodySchema>

/** The same for every address (known, new, suppressed, or a bot's): only whether to look for a mail. */
export const SignupAcceptedSchema = z.object({ confirmationRequired: z.boolean() })

/** The confirmation link's ids and proof (purpose `confirm-signup`, one topic). */
export const ConfirmSignupBodySchema = z
  .object({
    organizationId: UlidSchema,
    contactId: UlidSchema,
    topicId: UlidSchema,
    keyId: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
    signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  })
  .strict()
export type ConfirmSignupBody = z.input<typeof ConfirmSignupBodySchema>

export const SignupConfirmedSchema = z.object({ organizationName: z.string(), topicName: z.string() })

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The HTML form a customer pastes into their own site: posts to the public endpoint, which answers by sending
 * the browser to the hosted page with the result. The honeypot field is hidden from people and screen readers.
 */
export function signupFormHtml(input: {
  apiUrl: string
  organizationId: string
  topicId: string
  topicName: string
}) {
  const action = `${input.apiUrl.replace(/\/$/, '')}${SIGNUP_FORM_PATH}`
  return [
    `<form action="${escapeHtml(action)}" method="post">`,
    `  <input type="hidden" name="organizationId" value="${escapeHtml(input.organizationId)}">`,
    `  <input type="hidden" name="topicId" value="${escapeHtml(input.topicId)}">`,
    '  <label>Email <input type="email" name="email" required autocomplete="email"></label>',
    `  <div style="position:absolute;left:-10000px" aria-hidden="true"><input type="text" name="${SIGNUP_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></div>`,
    `  <button type="submit">Subscribe to ${escapeHtml(input.topicName)}</button>`,
    '</form>',
  ].join('\n')
}
