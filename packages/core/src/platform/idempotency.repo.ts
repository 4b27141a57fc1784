import { createHash } from 'node:crypto'
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { unmarshall } from '@aws-sdk/util-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { parseItem } from '../db/item'
import { idempotencyKey } from '../db/keys'
import { tableName } from '../db/table'
import { isConditionalCheckFailure } from '../errors'

/** An answer as it is replayed: status, the headers that describe the body, the body as sent. */
export const StoredAnswerSchema = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.string().optional(),
})
export type StoredAnswer = z.infer<typeof StoredAnswerSchema>

const RecordSchema = z.object({
  state: z.enum(['running', 'done']),
  fingerprint: z.string(),
  owner: z.string().optional(),
  leaseUntil: z.number().optional(),
  answer: StoredAnswerSchema.optional(),
  expiresAt: z.number(),
})
export type IdempotencyRecord = z.infer<typeof RecordSchema>

export type RecordKey = ReturnType<typeof idempotencyKey>

export const recordKey = (caller: string, routeId: string, key: string) =>
  idempotencyKey(caller, routeId, createHash('sha256').update(key).digest('base64url'))

export interface ClaimInput {
  fingerprint: string
  /** Who holds the claim: only it may store the answer or release the key. */
  owner: string
  /** Epoch ms after which the claim's call is surely over (its Lambda timed out): another call may take it. */
  leaseUntil: number
  /** Epoch s when the record goes (24 h after the first call). */
  expiresAt: number
  now: Date
}

/**
 * P2: claims the key for a call. Undefined when claimed — no record, an expired one, or a running one whose lease
 * is over for the same request —, else the record in the way (retried when it vanished meanwhile).
 */
export async function claimKey(key: RecordKey, input: ClaimInput): Promise<IdempotencyRecord | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...key,
            entity: 'IdempotencyRecord',
            state: 'running',
            fingerprint: input.fingerprint,
            owner: input.owner,
            leaseUntil: input.leaseUntil,
            expiresAt: input.expiresAt,
          },
          ConditionExpression:
            'attribute_not_exists(PK) OR expiresAt <= :nowSeconds OR (#state = :running AND leaseUntil <= :now AND fingerprint = :fingerprint)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':nowSeconds': Math.floor(input.now.getTime() / 1000),
            ':now': input.now.getTime(),
            ':running': 'running',
            ':fingerprint': input.fingerprint,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      )
      return undefined
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error
      const old = (error as { Item?: Parameters<typeof unmarshall>[0] }).Item
      if (old) return parseItem(RecordSchema, unmarshall(old))
    }
  }
  throw new Error(`Idempotency record ${key.PK} / ${key.SK} keeps changing`)
}

/** P3: the claim's answer, kept until the record expires; false when the claim was taken over meanwhile. */
export async function storeAnswer(key: RecordKey, owner: string, answer: StoredAnswer): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #state = :done, answer = :answer REMOVE #owner, leaseUntil',
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#state': 'state', '#owner': 'owner' },
        ExpressionAttributeValues: { ':done': 'done', ':answer': answer, ':owner': owner },
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

/** P3: frees the key (its call failed), unless the claim was taken over meanwhile. */
export async function deleteClaim(key: RecordKey, owner: string): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: '#owner = :owner',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':owner': owner },
      }),
    )
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error
  }
}
