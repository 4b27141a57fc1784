import * as z from 'zod'
import { UlidSchema } from '../ids'
import { PageSchema, pageQuery } from '../page'
import { PrincipalSchema } from '../principal'

/**
 * Background jobs: bulk work that cannot answer within API Gateway's 30 s (SES allows about one control-plane
 * call per second per account). The call that starts one answers 202 with the job; the UI polls `GET jobs/{id}`.
 */
export const JOB_KINDS = [
  /** Publish templates' compiled output to SES (create or update). */
  'ses.publish',
  /** Import SES templates as HTML templates. */
  'ses.import',
  /** Delete templates from SES only (ours stay). */
  'ses.delete',
  /** Read every linked SES template again to detect drift. */
  'ses.refresh',
  /** Reserved: re-publish the templates using a saved block. */
  'blocks.propagate',
  /** Remove a deleted topic's preferences from every contact that had one, then the topic. */
  'audience.topic_delete',
  /** Delete the selected contacts (one item per contact). */
  'audience.bulk_delete',
  /** Change the selected contacts' topic preferences (one item per contact). */
  'audience.bulk_topics',
  /** Read an AWS account's SES suppression list into the organization's suppression entries. */
  'audience.suppression_sync',
  /** A campaign's bounced recipients unsubscribed from everything (one item per ledger shard). */
  'campaigns.unsubscribe_bounced',
  /** A campaign's bounced recipients deleted as contacts (one item per ledger shard). */
  'campaigns.delete_bounced',
  /** A new topic filled with a campaign's opened, clicked or unsubscribed recipients (one item per ledger shard). */
  'campaigns.outcome_topic',
] as const
export const JobKindSchema = z.enum(JOB_KINDS)
export type JobKind = z.infer<typeof JobKindSchema>

/**
 * `succeeded`: every item succeeded (or was skipped); `partially_failed`: some failed; `failed`: all failed or the
 * job could not run at all (e.g. the AWS account was disconnected).
 */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'partially_failed', 'failed'] as const
export const JobStatusSchema = z.enum(JOB_STATUSES)
export type JobStatus = z.infer<typeof JobStatusSchema>
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ['succeeded', 'partially_failed', 'failed']

export const JOB_ITEM_STATUSES = ['pending', 'succeeded', 'failed', 'skipped'] as const
export const JobItemStatusSchema = z.enum(JOB_ITEM_STATUSES)
export type JobItemStatus = z.infer<typeof JobItemStatusSchema>

export const JobItemErrorSchema = z.object({
  /** Dotted code (`ses.name_taken`, `template.name_exists`, `plan.actions_exhausted`, `template.lint_errors` …). */
  code: z.string(),
  message: z.string(),
  /** `ses.changed_in_ses`: the AWS account whose SES holds the change (where to review it). */
  awsAccountId: UlidSchema.optional(),
})
export type JobItemError = z.infer<typeof JobItemErrorSchema>

export const JobItemSchema = z.object({
  /** A template id, or an SES template name (import). */
  key: z.string(),
  /** What the UI shows: the template's or SES template's name. */
  label: z.string(),
  status: JobItemStatusSchema,
  error: JobItemErrorSchema.optional(),
  /** Import: the template created; publish: the template published. */
  templateId: UlidSchema.optional(),
  finishedAt: z.iso.datetime().optional(),
  /**
   * Items that count contacts (a campaign's audience actions): what the item did so far, per outcome
   * (`unsubscribed`, `deleted`, `optedIn`, `optedOut`, `already`, `skipped`, `gone`), each contact once.
   */
  tally: z.record(z.string(), z.number().int()).optional(),
})
export type JobItem = z.infer<typeof JobItemSchema>

export const JobCountsSchema = z.object({
  total: z.number().int(),
  /** Finished items: succeeded + failed + skipped. */
  done: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
})
export type JobCounts = z.infer<typeof JobCountsSchema>

export const JobSummarySchema = z.object({
  id: UlidSchema,
  kind: JobKindSchema,
  organizationId: UlidSchema,
  /** The AWS account (connection) the job works on; null for jobs that touch none. */
  awsAccountId: UlidSchema.nullable(),
  status: JobStatusSchema,
  counts: JobCountsSchema,
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  /** Who started it: a user, an API key, or the platform (on a schedule: the daily suppression list read). */
  createdBy: PrincipalSchema,
})
export type JobSummary = z.infer<typeof JobSummarySchema>

/** A job with its items, in the order they were asked for. */
export const JobSchema = JobSummarySchema.extend({ items: z.array(JobItemSchema) })
export type Job = z.infer<typeof JobSchema>

/** Jobs and their items are kept this long (DynamoDB TTL). */
export const JOB_RETENTION_DAYS = 90
/** Most items one job takes (refresh jobs cover every linked template of an account). */
export const JOB_MAX_ITEMS = 2000

export const JobParamsSchema = z.object({ id: UlidSchema }).strict()
export const JobQuerySchema = z.object({ organizationId: UlidSchema }).strict()

export const JobListQuerySchema = z
  .object({
    organizationId: UlidSchema,
    /** Only jobs on this AWS account. */
    awsAccountId: UlidSchema.optional(),
    kind: JobKindSchema.optional(),
    ...pageQuery({ default: 20, max: 100 }),
  })
  .strict()
export type JobListQuery = z.input<typeof JobListQuerySchema>

/** Latest first, without items. */
export const JobListSchema = PageSchema(JobSummarySchema)
export type JobList = z.infer<typeof JobListSchema>
