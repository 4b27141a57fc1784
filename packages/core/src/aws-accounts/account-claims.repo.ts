import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { parseItem } from '../db/item'
import { awsAccountClaimKey } from '../db/keys'
import { tableName } from '../db/table'
import { type NamedItem, TransactionFailed, transact } from '../db/transact'
import { isConditionalCheckFailure } from '../errors'

/**
 * The claim that makes "one connection per AWS account number and region in an organization" hold under races:
 * an item written with a condition in the same transaction as the connection that learnt the number.
 */
export interface ClaimOwner {
  orgId: string
  id: string
  region: string
  awsAccountNumber?: string
  /** A duplicate from before the rule holds no claim (the older connection does). */
  duplicateOf?: string
}

/** The name of the claim put in a transaction. */
const CLAIM = 'aws_account.claim'

/** The claim a connection holds, if any: its number and region are known and it is not a flagged duplicate. */
export function heldClaim(connection: ClaimOwner) {
  if (!connection.awsAccountNumber || connection.duplicateOf) return undefined
  return awsAccountClaimKey(connection.orgId, connection.awsAccountNumber, connection.region)
}

export const sameClaim = (a: ClaimOwner, b: ClaimOwner) =>
  heldClaim(a)?.SK === heldClaim(b)?.SK && heldClaim(a) !== undefined

/** Put the claim for `connection` unless another connection holds it (its own claim may be written again). */
export function claimPut(connection: ClaimOwner & { awsAccountNumber: string }): NamedItem {
  return {
    name: CLAIM,
    Put: {
      TableName: tableName(),
      Item: {
        ...awsAccountClaimKey(connection.orgId, connection.awsAccountNumber, connection.region),
        entity: 'AwsAccountClaim',
        orgId: connection.orgId,
        awsAccountNumber: connection.awsAccountNumber,
        region: connection.region,
        connectionId: connection.id,
      },
      ConditionExpression: 'attribute_not_exists(PK) OR connectionId = :id',
      ExpressionAttributeValues: { ':id': connection.id },
    },
  }
}

/** Thrown when the claim of a transaction is held by another connection. */
export class ClaimTaken extends Error {
  constructor(
    readonly orgId: string,
    readonly awsAccountNumber: string,
    readonly region: string,
  ) {
    super('The AWS account and region are claimed by another connection')
    this.name = 'ClaimTaken'
  }
}

/**
 * Runs a transaction that may hold a claim put (`claimPut`): a failed claim condition becomes `ClaimTaken`;
 * a conflict with a concurrent transaction on the same items is retried (the loser then sees the claim).
 */
export async function transactWithClaim(
  items: NamedItem[],
  claim?: { orgId: string; awsAccountNumber: string; region: string },
): Promise<void> {
  try {
    await transact(items, { conflictRetries: 6 })
  } catch (error) {
    if (claim && error instanceof TransactionFailed && error.conditionFailed(CLAIM)) {
      throw new ClaimTaken(claim.orgId, claim.awsAccountNumber, claim.region)
    }
    throw error
  }
}

/** The connection holding the claim of this account and region in the organization. */
export async function claimHolder(
  orgId: string,
  awsAccountNumber: string,
  region: string,
): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: awsAccountClaimKey(orgId, awsAccountNumber, region),
      ConsistentRead: true,
    }),
  )
  return Item ? parseItem(z.object({ connectionId: z.string() }), Item).connectionId : undefined
}

/** Releases the claim if `connectionId` still holds it. */
export async function releaseClaim(
  orgId: string,
  awsAccountNumber: string,
  region: string,
  connectionId: string,
): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: awsAccountClaimKey(orgId, awsAccountNumber, region),
        ConditionExpression: 'connectionId = :id',
        ExpressionAttributeValues: { ':id': connectionId },
      }),
    )
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error
  }
}
