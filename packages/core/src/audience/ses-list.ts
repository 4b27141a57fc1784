import {
  ListSuppressedDestinationsCommand,
  type ListSuppressedDestinationsCommandOutput,
  type SESv2Client,
} from '@aws-sdk/client-sesv2'
import { isTransientAwsError, toCustomerAwsError } from '../aws-accounts/aws-errors'
import { customerSesSingleAttempt } from '../aws-accounts/customer-clients'
import * as AwsAccounts from '../aws-accounts/public'
import { AppError } from '../errors'
import { jobsEnv } from '../jobs/env'
import { holdSlots, type PaceKey, SliceTimeUp, takeSlot } from '../jobs/pacer'

/** One customer account's SES for a run: its client without SDK retries and the pace shared by every job on it. */
export interface SuppressionListReader {
  connection: AwsAccounts.AwsConnectionRecord
  client: SESv2Client
  pace: PaceKey
  rate: number
}

/** Transient AWS failures (5xx, network, timeouts) of one call tried again, with a growing jittered pause. */
const ATTEMPTS = 4
const MAX_BACKOFF_MS = 30_000
const pause = (attempt: number) => Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt) * (0.5 + Math.random() / 2)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
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
  for (let attempt = 0; ; attempt++) {
    try {
      const client = await customerSesSingleAttempt(connection)
      const pace = { account: connection.awsAccountNumber ?? connection.id, region: connection.region }
      return { connection, client, pace, rate: jobsEnv().sesRate } satisfies SuppressionListReader
    } catch (error) {
      const wait = pause(attempt)
      if (!isTransientAwsError(error) || attempt + 1 >= ATTEMPTS || Date.now() + wait > deadline)
        throw toCustomerAwsError(error, 'reach your AWS account')
      await sleep(wait)
    }
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
  for (let attempt = 0; ; attempt++) {
    await takeSlot(reader.pace, reader.rate, deadline)
    try {
      return await reader.client.send(
        new ListSuppressedDestinationsCommand({
          PageSize: input.pageSize,
          ...(input.since ? { StartDate: new Date(input.since) } : {}),
          ...(input.token ? { NextToken: input.token } : {}),
        }),
      )
    } catch (error) {
      const throttled = isThrottled(error)
      if (!throttled && (!isTransientAwsError(error) || ++failures >= ATTEMPTS)) throw error
      const wait = pause(attempt)
      if (Date.now() + wait > deadline) throw new SliceTimeUp()
      if (throttled) await holdSlots(reader.pace, Date.now() + wait)
      else await sleep(wait)
    }
  }
}
