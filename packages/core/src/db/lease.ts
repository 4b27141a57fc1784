import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { isConditionalCheckFailure } from '../errors'
import { tableName } from './table'

/**
 * A worker's lease on a long-running record (a job, a contact import, a contact export): `leaseOwner` and
 * `leaseUntil` (epoch ms) on the record itself, taken and handed back with conditional writes, so one worker at a
 * time runs it and a crashed worker's record is taken over once its lease has expired. The record has a `status`;
 * only a `queued` or `running` one can be claimed, and claiming makes it `running`.
 */

type Key = Record<string, string>

/** The lease's attributes, for the record's schema (`z.object({ …, ...leaseFields })`). */
export const leaseFields = {
  /** Epoch ms until which one worker holds the record (a second delivery of its message stands back). */
  leaseUntil: z.number().optional(),
  leaseOwner: z.string().optional(),
}

/** Ends the lease inside a record's own finishing update (`SET #status = …, finishedAt = … REMOVE …`). */
export const REMOVE_LEASE = 'REMOVE leaseUntil, leaseOwner'

export interface ClaimOptions {
  owner: string
  /** Until when the lease holds (epoch ms). */
  until: number
  now: Date
  /** Record `startedAt` (the first claim's time, kept by later ones). */
  stampStart?: boolean
}

/**
 * Takes the record for `owner` until `until` when it exists, is queued or running, and no other worker holds a
 * live lease (the same owner may extend its own). Answers the record as written, or undefined when refused.
 */
export async function claimLease(
  key: Key,
  options: ClaimOptions,
): Promise<Record<string, unknown> | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET leaseUntil = :until, leaseOwner = :owner, #status = :running${
          options.stampStart ? ', startedAt = if_not_exists(startedAt, :startedAt)' : ''
        }`,
        ConditionExpression:
          'attribute_exists(PK) AND #status IN (:queued, :running) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now OR leaseOwner = :owner)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':until': options.until,
          ':owner': options.owner,
          ':running': 'running',
          ':queued': 'queued',
          ':now': options.now.getTime(),
          ...(options.stampStart ? { ':startedAt': options.now.toISOString() } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    )
    return Attributes ?? {}
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined
    throw error
  }
}

/** Hands the record back (the next claim need not wait for the lease to expire); a no-op unless `owner` holds it. */
export async function releaseLease(key: Key, owner: string): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: REMOVE_LEASE,
        ConditionExpression: 'leaseOwner = :owner',
        ExpressionAttributeValues: { ':owner': owner },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error
    })
}
