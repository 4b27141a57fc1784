import { createHash, randomBytes } from 'node:crypto'
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

const hash = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * Issues a single-use token for a link we email. Only its SHA-256 is stored, so a table read never yields a
 * usable link; 32 random bytes make guessing hopeless.
 */
export async function issueEmailToken(
  token: EmailToken,
  ttlSeconds: number,
  now = new Date(),
): Promise<string> {
  const value = randomBytes(32).toString('base64url')
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...emailTokenKey(hash(value)),
        entity: 'EmailToken',
        ...token,
        expiresAt: Math.floor(now.getTime() / 1000) + ttlSeconds,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  )
  return value
}

/** Redeems a token once: the conditional delete makes a second use (or a concurrent one) fail. */
export async function redeemEmailToken(
  value: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<EmailToken | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: emailTokenKey(hash(value)),
        // TTL deletion is lazy, so expiry is part of the condition.
        ConditionExpression: 'attribute_exists(PK) AND purpose = :purpose AND expiresAt > :now',
        ExpressionAttributeValues: { ':purpose': purpose, ':now': Math.floor(now.getTime() / 1000) },
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
