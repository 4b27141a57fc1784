import type { Plan, PriceChangeNotice, SubscriptionStatus } from '@app/contracts'
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { parseItem } from '../db/item'
import { organizationKey, stripeEventKey } from '../db/keys'
import { tableName } from '../db/table'
import { type NamedItem, TransactionFailed, transact } from '../db/transact'
import { isConditionalCheckFailure } from '../errors'

/** Stores the organization's Stripe customer unless one is already stored; answers the one that is. */
export async function setStripeCustomer(orgId: string, customerId: string): Promise<string> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: organizationKey(orgId),
        UpdateExpression: 'SET stripeCustomerId = :customer',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(stripeCustomerId)',
        ExpressionAttributeValues: { ':customer': customerId },
      }),
    )
    return customerId
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: organizationKey(orgId),
        UpdateExpression: 'SET stripeCustomerId = if_not_exists(stripeCustomerId, :customer)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':customer': customerId },
        ReturnValues: 'ALL_NEW',
      }),
    )
    return parseItem(z.object({ stripeCustomerId: z.string() }), Attributes ?? {}).stripeCustomerId
  }
}

export interface SubscriptionState {
  customerId: string
  subscriptionId: string
  plan: Plan
  status: SubscriptionStatus
  /** When Stripe was read; a write from an older read never replaces a newer one. */
  readAt: string
  /** The subscription grants its plan (active, trialing, past_due). */
  live: boolean
}

/** The organization's plan now (null: none chosen yet; undefined: no such organization). */
async function currentPlan(orgId: string): Promise<Plan | null | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: organizationKey(orgId),
      ConsistentRead: true,
      ProjectionExpression: 'PK, #plan',
      ExpressionAttributeNames: { '#plan': 'plan' },
    }),
  )
  if (!Item) return undefined
  return (Item.plan as Plan | undefined) ?? null
}

/**
 * Writes the plan and status read from Stripe. Conditions: the organization still exists and owns the
 * customer; no newer read was written; and a subscription that no longer grants its plan never replaces START
 * (an old cancellation arriving late must not undo the owner's later choice of START). When the plan changes,
 * `planChanged(from)` gives the items written with it (its event), conditioned on that plan being the one read.
 * Returns false when a condition kept the write out.
 */
export async function writeSubscriptionState(
  orgId: string,
  state: SubscriptionState,
  planChanged: (from: Plan | null) => NamedItem[] = () => [],
): Promise<boolean> {
  const conditions = [
    'attribute_exists(PK)',
    'stripeCustomerId = :customer',
    '(attribute_not_exists(billingReadAt) OR billingReadAt < :readAt)',
  ]
  if (!state.live) conditions.push('(attribute_not_exists(#plan) OR #plan <> :start)')
  for (let attempt = 0; attempt < 5; attempt++) {
    const from = await currentPlan(orgId)
    if (from === undefined) return false
    try {
      await transact([
        {
          name: 'organization',
          Update: {
            TableName: tableName(),
            Key: organizationKey(orgId),
            // A live paid plan has unlimited template actions: drop the START counter, so a later move back to
            // START begins its month with the full allowance.
            UpdateExpression: `SET #plan = :plan, subscriptionStatus = :status, stripeSubscriptionId = :subscription, billingReadAt = :readAt${state.live ? ' REMOVE actionsMonth, actionsSpent' : ''}`,
            ConditionExpression: [
              ...conditions,
              from === null
                ? '(attribute_not_exists(#plan) OR attribute_type(#plan, :null))'
                : '#plan = :from',
            ].join(' AND '),
            ExpressionAttributeNames: { '#plan': 'plan' },
            ExpressionAttributeValues: {
              ':plan': state.plan,
              ':status': state.status,
              ':subscription': state.subscriptionId,
              ':readAt': state.readAt,
              ':customer': state.customerId,
              ...(from === null ? { ':null': 'NULL' } : { ':from': from }),
              ...(state.live ? {} : { ':start': 'START' }),
            },
          },
        },
        ...(from === state.plan ? [] : planChanged(from)),
      ])
      return true
    } catch (error) {
      if (!(error instanceof TransactionFailed) || !error.conditionFailed('organization')) throw error
      // The plan moved since it was read: read again; any other condition kept the write out.
      if ((await currentPlan(orgId)) === from) return false
    }
  }
  return false
}

export async function setPriceChangeNotice(orgId: string, notice: PriceChangeNotice): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: organizationKey(orgId),
        UpdateExpression: 'SET priceChangeNotice = :notice',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':notice': notice },
      }),
    )
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error
  }
}

export async function clearPriceChangeNotice(orgId: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: organizationKey(orgId),
      UpdateExpression: 'REMOVE priceChangeNotice',
      ConditionExpression: 'attribute_exists(PK)',
    }),
  )
}

/** How long a claim on an event keeps other deliveries of it away while it is processed. */
const CLAIM_SECONDS = 60
/** Processed event ids are kept long enough to outlive Stripe's retries (3 days) with margin. */
const KEEP_PROCESSED_SECONDS = 30 * 24 * 3600

/**
 * Claims an event for processing: only one delivery at a time, never one that was processed. A claim whose
 * holder crashed expires after CLAIM_SECONDS so a retry can take it.
 */
export async function claimStripeEvent(eventId: string, type: string, now = Date.now()): Promise<boolean> {
  const seconds = Math.floor(now / 1000)
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...stripeEventKey(eventId),
          entity: 'StripeEvent',
          eventId,
          type,
          state: 'processing',
          claimedUntil: seconds + CLAIM_SECONDS,
          expiresAt: seconds + KEEP_PROCESSED_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR (#state = :processing AND claimedUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':processing': 'processing', ':now': seconds },
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

export async function markStripeEventProcessed(eventId: string, now = new Date()): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: stripeEventKey(eventId),
      UpdateExpression: 'SET #state = :processed, processedAt = :at REMOVE claimedUntil',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':processed': 'processed', ':at': now.toISOString() },
    }),
  )
}

/** Gives the event back after a failure, so Stripe's retry processes it at once. */
export async function releaseStripeEvent(eventId: string): Promise<void> {
  await dynamo()
    .send(
      new DeleteCommand({
        TableName: tableName(),
        Key: stripeEventKey(eventId),
        ConditionExpression: '#state = :processing',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':processing': 'processing' },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error
    })
}
