import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { campaignMailedKey } from '../db/keys'
import { tableName } from '../db/table'
import { isConditionalCheckFailure } from '../errors'

/** Longer than any redelivery of an outbox event (its claims are kept for less). */
const MARK_TTL_SECONDS = 30 * 24 * 3600

/**
 * Marks `accountId` as mailed about the event: true when this call made the mark (mail now), false when an
 * earlier handling of the same event already did (a redelivery: do not mail again).
 */
export async function markMailed(orgId: string, eventId: string, accountId: string, now = Date.now()) {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...campaignMailedKey(orgId, eventId, accountId),
          entity: 'CampaignMailed',
          at: new Date(now).toISOString(),
          expiresAt: Math.floor(now / 1000) + MARK_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

/** Takes the mark back (the mail could not be sent): the retry mails again. */
export async function unmarkMailed(orgId: string, eventId: string, accountId: string): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: tableName(), Key: campaignMailedKey(orgId, eventId, accountId) }),
  )
}
