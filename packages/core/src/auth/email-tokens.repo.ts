import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { emailTokenKey } from '../db/keys'
import { tableName } from '../db/table'
import { isConditionalCheckFailure } from '../errors'

export type EmailTokenPurpose = 'password_reset' | 'email_verification'

export interface EmailToken {
  purpose: EmailTokenPurpose
  email: string
  /** Cognito username the token acts on. */
  username: string
  accountId?: string
}

/** Stores a token under its hash, never over another one. */
export async function putEmailToken(tokenHash: string, token: EmailToken, expiresAt: number): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...emailTokenKey(tokenHash), entity: 'EmailToken', ...token, expiresAt },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  )
}

/**
 * Deletes the token of this hash and purpose unexpired at `nowEpoch` and answers it: the conditional delete makes
 * a second use (or a concurrent one) find nothing.
 */
export async function takeEmailToken(
  tokenHash: string,
  purpose: EmailTokenPurpose,
  nowEpoch: number,
): Promise<EmailToken | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: emailTokenKey(tokenHash),
        // TTL deletion is lazy, so expiry is part of the condition.
        ConditionExpression: 'attribute_exists(PK) AND purpose = :purpose AND expiresAt > :now',
        ExpressionAttributeValues: { ':purpose': purpose, ':now': nowEpoch },
        ReturnValues: 'ALL_OLD',
      }),
    )
    if (!Attributes) return undefined
    return {
      purpose,
      email: Attributes.email as string,
      username: Attributes.username as string,
      accountId: Attributes.accountId as string | undefined,
    }
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined
    throw error
  }
}
