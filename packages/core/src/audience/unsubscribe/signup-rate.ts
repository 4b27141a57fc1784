import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../../aws'
import { signupRateKey } from '../../db/keys'
import { tableName } from '../../db/table'
import { AppError, isConditionalCheckFailure } from '../../errors'

/** Signups a caller address may send per hour, and confirmation mails one address may get per day. */
export const SIGNUP_LIMITS = {
  perIpPerHour: 20,
  perEmailPerDay: 3,
} as const

async function count(scope: string, windowSeconds: number, limit: number, now: Date): Promise<boolean> {
  const epoch = Math.floor(now.getTime() / 1000)
  const windowStart = epoch - (epoch % windowSeconds)
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: signupRateKey(scope, windowStart),
        UpdateExpression: 'ADD #count :one SET expiresAt = :expires, entity = :entity',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': limit,
          ':expires': windowStart + windowSeconds * 2,
          ':entity': 'SignupRate',
        },
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

/** Counts one signup from this address; past the hourly limit, a 429. */
export async function limitSignupsFrom(ip: string | undefined, now = new Date()): Promise<void> {
  if (ip && !(await count(`ip#${ip}`, 60 * 60, SIGNUP_LIMITS.perIpPerHour, now)))
    throw new AppError('rate.limited', 'Too many signups from your network; please try again later.')
}

/** Whether one more confirmation mail may go to this address of this organization today. */
export function mayMail(orgId: string, email: string, now = new Date()): Promise<boolean> {
  return count(`email#${orgId}#${email}`, 24 * 60 * 60, SIGNUP_LIMITS.perEmailPerDay, now)
}
