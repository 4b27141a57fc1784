import * as z from 'zod'
import { UlidSchema } from '../ids'
import { PageSchema, pageQuery } from '../page'
import { nonBlank, singleLine } from '../text'
import { RecipientOutcomeSchema } from './report'

/**
 * The per-recipient ledger of a campaign (one item per campaign × contact, written before any send):
 * `PENDING → CLAIMED (a worker's lease) → SENT | FAILED | SKIPPED`, and `UNKNOWN` when SES may have accepted the
 * message but the answer was lost: SES's SEND event makes it SENT; with none after 15 minutes it is `UNCONFIRMED`
 * (never retried by itself: 'retry unconfirmed' is the sender's choice).
 */
export const RECIPIENT_STATUSES = [
  'PENDING',
  'CLAIMED',
  'SENT',
  'FAILED',
  'SKIPPED',
  'UNKNOWN',
  'UNCONFIRMED',
] as const
export const RecipientStatusSchema = z.enum(RECIPIENT_STATUSES)
export type RecipientStatus = z.infer<typeof RecipientStatusSchema>

export const RecipientSchema = z.object({
  contactId: UlidSchema,
  email: z.string(),
  status: RecipientStatusSchema,
  /** SES's message id once accepted. */
  messageId: z.string().nullable(),
  /** Why FAILED or SKIPPED (`missing_variable`, `unsubscribed`, SES's `MESSAGE_REJECTED` …); else null. */
  reason: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Send attempts so far. */
  attempts: z.number().int(),
  /** Sent again by a deliberate "retry unconfirmed": the recipient may have received two copies. */
  retried: z.boolean(),
  /** What SES's events and our unsubscribe link told (the first time of each; null until then). */
  deliveredAt: z.iso.datetime().nullable(),
  openedAt: z.iso.datetime().nullable(),
  clickedAt: z.iso.datetime().nullable(),
  /** The bounce (a hard one over a soft one), with SES's type and subtype. */
  bounce: z.object({ type: z.string(), subType: z.string(), at: z.iso.datetime() }).nullable(),
  complainedAt: z.iso.datetime().nullable(),
  unsubscribedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
})
export type Recipient = z.infer<typeof RecipientSchema>

export const RecipientListQuerySchema = z
  .object({
    organizationId: UlidSchema,
    status: RecipientStatusSchema.optional(),
    /** Only recipients with this outcome (see RECIPIENT_OUTCOMES); `opened` counts machine opens too. */
    outcome: RecipientOutcomeSchema.optional(),
    /** Email addresses starting with it (case-insensitive). */
    q: singleLine(nonBlank(z.string().trim().min(1).max(254)), 'The search').optional(),
    ...pageQuery({ default: 50, max: 200 }),
  })
  .strict()
export type RecipientListQuery = z.input<typeof RecipientListQuerySchema>

export const RecipientListSchema = PageSchema(RecipientSchema)
export type RecipientList = z.infer<typeof RecipientListSchema>
