import {
  ListSuppressedDestinationsCommand,
  type ListSuppressedDestinationsCommandOutput,
  type SESv2Client,
} from '@aws-sdk/client-sesv2'
import * as AwsAccounts from '../aws-accounts/public'
import { customerSesSingleAttempt, isTransientAwsError, toCustomerAwsError } from '../aws-accounts/public'
import { AppError } from '../errors'
import { holdSlots, jobsEnv, type PaceKey, SliceTimeUp, takeSlot } from '../jobs/public'
import { retry, sleep } from '../platform/retry'

/** One customer account's SES for a run: its client without SDK retries and the pace shared by every job on it. */
export interface SuppressionListReader {
  connection: AwsAccounts.AwsConnectionRecord
  client: SESv2Client
  pace: PaceKey
  rate: number
}

/** Transient AWS failures (5xx, network, timeouts) of one call tried again, with a growing jittered pause. */
const ATTEMPTS = 4
const BACKOFF = { baseMs: 500, maxMs: 30_000, jitter: 'equal' } as const
const isThrottled = (error: unknown) =>
  error instanceof Error &&
  (['TooManyRequestsException', 'ThrottlingException', 'Throttling'].includes(error.name) ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 429)

/** The job's AWS account, still connected and verified, and its SES (credentials retried while transient). */
export async function readerFor(orgId: string, awsAccountId: string | null, deadline: number) {
  const connection = awsAccountId ? await AwsAccounts.getConnection(orgId, awsAccountId) : undefined
  if (!connection) throw new AppError('aws_account.not_found', 'The AWS account was disconnected.')
  if (!connection.verified)
    throw new AppError('aws_account.not_verified', 'The AWS account is not verified any more.')
  try {
    const client = await retry(() => customerSesSingleAttempt(connection), {
      ...BACKOFF,
      attempts: ATTEMPTS,
      retryable: isTransientAwsError,
      deadline,
    })
    const pace = { account: connection.awsAccountNumber ?? connection.id, region: connection.region }
    return { connection, client, pace, rate: jobsEnv().sesRate } satisfies SuppressionListReader
  } catch (error) {
    throw toCustomerAwsError(error, 'reach your AWS account')
  }
}

/**
 * One `ListSuppressedDestinations` page in the account's next SES slot (at most `rate` control-plane calls a
 * second across every job on the account). Throttling holds every caller of the account back and tries again;
 * other transient failures are tried again up to 4 times; `SliceTimeUp` when the next try would pass `deadline`.
 */
export async function listSuppressedPage(
  reader: SuppressionListReader,
  input: { since: string | null; token: string | null; pageSize: number },
  deadline: number,
): Promise<ListSuppressedDestinationsCommandOutput> {
  let failures = 0
  return retry(
    async () => {
      await takeSlot(reader.pace, reader.rate, deadline)
      return reader.client.send(
        new ListSuppressedDestinationsCommand({
          PageSize: input.pageSize,
          ...(input.since ? { StartDate: new Date(input.since) } : {}),
          ...(input.token ? { NextToken: input.token } : {}),
        }),
      )
    },
    {
      ...BACKOFF,
      attempts: Number.POSITIVE_INFINITY,
      // Throttling does not count against the attempts: the call did not happen.
      retryable: (error) => isThrottled(error) || (isTransientAwsError(error) && ++failures < ATTEMPTS),
      deadline,
      onDeadline: () => new SliceTimeUp(),
      wait: (pause, error) =>
        isThrottled(error) ? holdSlots(reader.pace, Date.now() + pause) : sleep(pause),
    },
  )
}
