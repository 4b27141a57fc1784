import { createHash } from 'node:crypto'
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { unmarshall } from '@aws-sdk/util-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { itemParser } from '../db/item'
import { rateWindowKey } from '../db/keys'
import { tableName } from '../db/table'
import { isConditionalCheckFailure } from '../errors'

/** A subject's window: calls counted in it and when it ends (epoch ms). */
export interface RateWindow {
  count: number
  windowEnd: number
}

const parseWindow = itemParser(z.object({ count: z.number().int(), windowEnd: z.number() }))

const hash = (value: string) => createHash('sha256').update(value).digest('base64url')

export const windowKey = (bucket: string, subject: string) => rateWindowKey(bucket, hash(subject))

/** What a refused conditional write found (DynamoDB returns it in attribute-value form), if anything. */
function itemOfFailure(error: unknown): Record<string, unknown> | undefined {
  const item = (error as { Item?: Parameters<typeof unmarshall>[0] }).Item
  return item ? unmarshall(item) : undefined
}

/**
 * P1: counts one call in the subject's open window while it is under `limit`. Answers the window as counted, or
 * `refused` with the window as it was (undefined: no window, or only an ended one).
 */
export async function countInOpenWindow(
  key: ReturnType<typeof windowKey>,
  limit: number,
  now: number,
): Promise<{ counted: RateWindow } | { refused: RateWindow | undefined }> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD #count :one',
        ConditionExpression: 'windowEnd > :now AND #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':now': now, ':limit': limit },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    )
    return { counted: parseWindow(Attributes ?? {}) }
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error
    const old = itemOfFailure(error)
    const window = old ? parseWindow(old) : undefined
    return { refused: window && window.windowEnd > now ? window : undefined }
  }
}

/** P1: opens a new window holding this call, unless another call opened one first (false). */
export async function openWindow(
  key: ReturnType<typeof windowKey>,
  windowEnd: number,
  now: number,
): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key,
          entity: 'RateWindow',
          count: 1,
          windowEnd,
          // TTL only tidies up: every condition reads windowEnd.
          expiresAt: Math.ceil(windowEnd / 1000) + 60,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR windowEnd <= :now',
        ExpressionAttributeValues: { ':now': now },
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}
