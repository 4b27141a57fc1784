import { randomUUID } from 'node:crypto'
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { subscriberClaimKey } from '../db/keys'
import { tableName } from '../db/table'
import { isConditionalCheckFailure } from '../errors'
import { DISPATCHED_RETENTION_SECONDS } from './outbox'

export type Claim = { outcome: 'claimed'; token: string } | { outcome: 'done' } | { outcome: 'busy' }

/**
 * Takes the right to run one subscriber for one event. A claim is `running` with a lease, then `done`: a second
 * delivery finds `done` and skips; a delivery while another runs finds it `busy` (retried later); a claim whose
 * runner crashed expires with its lease and is taken again.
 */
export async function claim(
  eventId: string,
  subscriber: string,
  leaseMs: number,
  now = Date.now(),
): Promise<Claim> {
  const token = randomUUID()
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: subscriberClaimKey(eventId, subscriber),
        UpdateExpression:
          'SET #state = :running, leaseUntil = :until, #token = :token, expiresAt = :ttl, entity = :entity ADD attempts :one',
        ConditionExpression: 'attribute_not_exists(PK) OR (#state = :running AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state', '#token': 'token' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':until': now + leaseMs,
          ':now': now,
          ':token': token,
          ':one': 1,
          ':entity': 'SubscriberClaim',
          ':ttl': Math.floor(now / 1000) + DISPATCHED_RETENTION_SECONDS * 4,
        },
      }),
    )
    return { outcome: 'claimed', token }
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error
  }
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: subscriberClaimKey(eventId, subscriber),
      ConsistentRead: true,
    }),
  )
  return Item?.state === 'done' ? { outcome: 'done' } : { outcome: 'busy' }
}

/** Whether the subscriber has handled the event (a dependent waits for it). */
export async function isClaimDone(eventId: string, subscriber: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: subscriberClaimKey(eventId, subscriber),
      ConsistentRead: true,
    }),
  )
  return Item?.state === 'done'
}

/** The subscriber finished: later deliveries skip it. A lost lease (another runner took over) changes nothing. */
export async function completeClaim(eventId: string, subscriber: string, token: string): Promise<void> {
  await updateOwnClaim(eventId, subscriber, token, 'SET #state = :done, doneAt = :at REMOVE leaseUntil', {
    ':done': 'done',
    ':at': new Date().toISOString(),
  })
}

/** The subscriber failed: the claim is free at once for the retry, with the reason kept for whoever looks. */
export async function releaseClaim(eventId: string, subscriber: string, token: string, reason: string) {
  await updateOwnClaim(eventId, subscriber, token, 'SET leaseUntil = :zero, lastError = :reason', {
    ':zero': 0,
    ':reason': reason.slice(0, 500),
  })
}

async function updateOwnClaim(
  eventId: string,
  subscriber: string,
  token: string,
  UpdateExpression: string,
  values: Record<string, unknown>,
): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: subscriberClaimKey(eventId, subscriber),
        UpdateExpression,
        ConditionExpression: '#token = :token',
        ExpressionAttributeNames: {
          '#token': 'token',
          ...(UpdateExpression.includes('#state') ? { '#state': 'state' } : {}),
        },
        ExpressionAttributeValues: { ':token': token, ...values },
      }),
    )
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error
  }
}
