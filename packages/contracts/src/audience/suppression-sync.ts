import * as z from 'zod'
import { UlidSchema } from '../ids'
import { PageSchema, pageQuery } from '../page'
import { ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'

export { SUPPRESSION_SYNC_ERROR_STATUS } from './suppression-sync-errors'

/**
 * Reading each connected AWS account's SES account-level suppression list (`ListSuppressedDestinations`) into
 * the organization's suppression entries: a paced background job per AWS account (one list call per SES slot,
 * shared with every other job on that account), resumable from a checkpoint saved after each page, whose last run
 * the contacts page shows. A run reads the entries SES updated since the last good run began (less a day of
 * overlap); the first run reads the whole list. Entries are only ever added: removing an address from SES's list
 * does not lift our suppression.
 */
export const SuppressionSyncCountsSchema = z.object({
  /** Entries SES listed in the run. */
  read: z.number().int().min(0),
  /** Addresses the run suppressed that were not suppressed before. */
  suppressed: z.number().int().min(0),
  /** Addresses that were suppressed already (by us or an earlier run). */
  alreadySuppressed: z.number().int().min(0),
})

export const SuppressionSyncStatusSchema = z.object({
  awsAccountId: UlidSchema,
  awsAccountName: z.string(),
  region: z.string(),
  /** `never`: this account's list was never read; `running`: a run is under way (its counts so far below). */
  state: z.enum(['never', 'running', 'succeeded', 'failed']),
  /** The job of the current or last run (`GET jobs/{id}`). */
  jobId: UlidSchema.nullable(),
  /** When the current or last run started. */
  startedAt: z.iso.datetime().nullable(),
  /** When the last run finished ("last ran"). */
  lastRanAt: z.iso.datetime().nullable(),
  /** The running run's counts so far, else the last run's. */
  counts: SuppressionSyncCountsSchema,
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
})
export type SuppressionSyncStatus = z.infer<typeof SuppressionSyncStatusSchema>

/** The AWS accounts in the order they were connected, a page at a time. */
export const SuppressionSyncListSchema = PageSchema(SuppressionSyncStatusSchema)
export type SuppressionSyncList = z.infer<typeof SuppressionSyncListSchema>

export const SUPPRESSION_SYNC_PAGE_SIZE = { default: 20, max: 100 } as const
export const SuppressionSyncQuerySchema = z
  .object({
    organizationId: UlidSchema,
    ...pageQuery(SUPPRESSION_SYNC_PAGE_SIZE),
    /** Only this AWS account (one item, or none when it is not the organization's). */
    awsAccountId: UlidSchema.optional(),
  })
  .strict()
export type SuppressionSyncQuery = z.input<typeof SuppressionSyncQuerySchema>
export const StartSuppressionSyncBodySchema = z
  .object({
    organizationId: UlidSchema,
    /** One AWS account; without it, every verified AWS account of the organization. */
    awsAccountId: UlidSchema.optional(),
  })
  .strict()

export const suppressionSyncRoutes = {
  getSuppressionSync: route({
    method: 'GET',
    path: '/api/audience/suppression-sync',
    group: 'suppression',
    summary:
      "When each AWS account's SES suppression list was last read into the organization's, with counts, by cursor (`awsAccountId`: that account only)",
    auth: 'user',
    permission: 'audience.read',
    organization: { in: 'query', key: 'organizationId' },
    feature: 'audience',
    query: SuppressionSyncQuerySchema,
    response: SuppressionSyncListSchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 200,
  }),
  startSuppressionSync: route({
    method: 'POST',
    path: '/api/audience/suppression-sync',
    group: 'suppression',
    summary:
      "Read the AWS accounts' SES suppression lists into the organization's now (a paced job per account; one already running is left running); answers the status of the account named, or the first page of all",
    auth: 'user',
    permission: 'audience.write',
    organization: { in: 'body', key: 'organizationId' },
    feature: 'audience',
    body: StartSuppressionSyncBodySchema,
    response: SuppressionSyncListSchema,
    errors: [
      ...ORGANIZATION_ERRORS,
      'aws_account.not_found',
      'aws_account.not_verified',
      'suppression_sync.no_aws_account',
    ],
    status: 202,
  }),
} as const satisfies Record<string, RouteDefinition>
