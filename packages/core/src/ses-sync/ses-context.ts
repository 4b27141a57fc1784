import * as AwsAccounts from '../aws-accounts/public'
import { customerSesSingleAttempt, isTransientAwsError, toCustomerAwsError } from '../aws-accounts/public'
import { AppError } from '../errors'
import { newEvent, outboxPut } from '../events/outbox'
import type { JobRecord } from '../jobs/public'
import { SliceTimeUp } from '../jobs/public'
import { retry } from '../platform/retry'
import type * as Templates from '../templates/public'
import * as Publications from './publications.repo'
import { type PacedSes, pacedSes } from './ses-calls'

export interface SesJobContext {
  job: JobRecord
  awsAccountId: string
  /** The account's name, for messages that name it. */
  awsAccountName: string
  /** Where the publication records of the job's AWS account and region live. */
  target: Publications.PublicationTarget
  ses: PacedSes
  /** Templates whose change made in SES the user chose to overwrite (publish jobs' `overwriteTemplateIds`). */
  overwrite: ReadonlySet<string>
}

/** Tries at job start (credentials: STS AssumeRole or KMS Decrypt) before a transient AWS error fails the job. */
const START_ATTEMPTS = 5
const START_BACKOFF_MS = 500

/**
 * The customer's SES client; transient AWS errors (throttling, 5xx, network, timeouts) while getting the
 * credentials are retried with a growing, jittered pause, bounded by the attempts and the slice's deadline.
 */
async function sesClientFor(connection: AwsAccounts.AwsConnectionRecord, deadline: number) {
  try {
    return await retry(() => customerSesSingleAttempt(connection), {
      attempts: START_ATTEMPTS,
      baseMs: START_BACKOFF_MS,
      maxMs: Number.POSITIVE_INFINITY,
      jitter: 'equal',
      retryable: isTransientAwsError,
      deadline,
    })
  } catch (error) {
    throw toCustomerAwsError(error, 'reach your AWS account')
  }
}

/** An AWS account of the job's organization, still connected and verified, and its paced SES. */
export async function sesContextFor(
  job: JobRecord,
  awsAccountId: string | null,
  deadline = Date.now() + 60_000,
): Promise<SesJobContext> {
  const connection = awsAccountId ? await AwsAccounts.getConnection(job.orgId, awsAccountId) : undefined
  if (!connection) throw new AppError('aws_account.not_found', 'The AWS account was disconnected.')
  if (!connection.verified) {
    throw new AppError('aws_account.not_verified', 'The AWS account is not verified any more.')
  }
  const overwrite = job.params?.overwriteTemplateIds
  return {
    job,
    awsAccountId: connection.id,
    awsAccountName: connection.name || 'Default',
    target: Publications.publicationTarget(connection),
    ses: pacedSes(await sesClientFor(connection, deadline), connection),
    overwrite: new Set(Array.isArray(overwrite) ? overwrite : []),
  }
}

/** SES's answers as item errors (throttling never gets here: pacedCall retries it). */
export function sesFailure(error: unknown, what: string): never {
  if (error instanceof SliceTimeUp || error instanceof AppError) throw error
  throw toCustomerAwsError(error, what)
}

/**
 * Writes the publication record: `published` is what we wrote (or adopted), `seen` what SES holds. With
 * `announce` (a publish, not an import), a version not recorded here before is reported as `template.published`
 * in the same transaction, so a publish repeated after a crash reports it once.
 */
export async function link(
  context: SesJobContext,
  head: Templates.TemplateHead,
  sesName: string,
  published: string,
  seen: string | null,
  options: { announce?: { previous: Publications.PublicationRecord | undefined } } = {},
) {
  const now = new Date()
  const at = now.toISOString()
  const previous = options.announce?.previous
  const isNew =
    options.announce !== undefined &&
    (previous?.publishedVersion !== head.version ||
      previous.fingerprint !== published ||
      previous.sesName !== sesName)
  const event = newEvent(
    'template.published',
    context.job.orgId,
    {
      templateId: head.id,
      version: head.version,
      sesName,
      awsAccountId: context.awsAccountId,
      region: context.target.region,
      jobId: context.job.id,
    },
    context.job.createdBy,
    now,
  )
  await Publications.putPublication(
    {
      ...context.target,
      templateId: head.id,
      sesName,
      publishedVersion: head.version,
      fingerprint: published,
      publishedAt: at,
      seenFingerprint: seen,
      checkedAt: at,
    },
    isNew ? [outboxPut(event)] : [],
  )
}
