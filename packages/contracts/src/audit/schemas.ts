import * as z from 'zod'
import { AccountIdSchema, UlidSchema } from '../ids'
import { pageQuery } from '../page'
import { AUDIT_ACTION_CODES, AUDIT_AREAS } from './actions'

/** Who made a change, as the log shows it (never a secret): a member, an API key, the platform, a signed link. */
export const AuditActorSchema = z.object({
  type: z.enum(['user', 'apiKey', 'system', 'token']),
  /** The member's account id or the API key's id; null for the platform and signed links. */
  id: z.string().nullable(),
  /** The member's email, the key's name, `System`, `The recipient`. */
  name: z.string(),
})
export type AuditActor = z.infer<typeof AuditActorSchema>

/** What the change was about: a template, a member, an API key, the organization's plan … */
export const AuditTargetSchema = z.object({
  type: z.string().min(1),
  id: z.string(),
  label: z.string(),
})
export type AuditTarget = z.infer<typeof AuditTargetSchema>

/** The change in a few words: a value before and after (a role, a plan), and/or a summary (an import's counts). */
export const AuditChangeSchema = z.object({
  before: z.string().nullable(),
  after: z.string().nullable(),
  summary: z.string().nullable(),
})
export type AuditChange = z.infer<typeof AuditChangeSchema>

/** One entry of the audit log (its id is the id of the event it records). */
export const AuditEntrySchema = z.object({
  id: UlidSchema,
  occurredAt: z.iso.datetime(),
  actor: AuditActorSchema,
  /** A code of `AUDIT_ACTIONS`. */
  action: z.string().min(1),
  target: AuditTargetSchema,
  change: AuditChangeSchema,
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

const AREA_PREFIXES = Object.keys(AUDIT_AREAS).map((area) => `${area}.`)

/** One action code, or an area's prefix (`template.`) for all of its actions. */
export const AuditActionFilterSchema = z.enum([...AUDIT_ACTION_CODES, ...AREA_PREFIXES] as [
  string,
  ...string[],
])

const filterFields = {
  member: AccountIdSchema.optional(),
  action: AuditActionFilterSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
}
const dayOrder = <T extends { from?: string | undefined; to?: string | undefined }>(filters: T) =>
  !filters.from || !filters.to || filters.from <= filters.to
const DAY_ORDER = { message: '`from` must not be after `to`.', path: ['from'] }
/** What `dayOrder` asks, as the document states it (JSON Schema cannot compare two fields). */
const DAY_ORDER_RULE = { description: '`from` is not after `to` (days, UTC, both included).' }

/** The log's filters: the member who acted, the action (or its area), days from and to (UTC, both included). */
export const AuditFiltersSchema = z
  .object(filterFields)
  .strict()
  .refine(dayOrder, DAY_ORDER)
  .meta(DAY_ORDER_RULE)
export type AuditFilters = z.infer<typeof AuditFiltersSchema>

export const AUDIT_PAGE_LIMIT = { default: 50, max: 100 }

export const AuditLogQuerySchema = z
  .object({ ...filterFields, ...pageQuery(AUDIT_PAGE_LIMIT) })
  .strict()
  .refine(dayOrder, DAY_ORDER)
  .meta(DAY_ORDER_RULE)
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>

/** The CSV's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'time',
  'actor_type',
  'actor_id',
  'actor',
  'action',
  'action_label',
  'target_type',
  'target_id',
  'target',
  'before',
  'after',
  'summary',
] as const

export const AuditExportParamsSchema = z.object({ id: UlidSchema, exportId: UlidSchema }).strict()
