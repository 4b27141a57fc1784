import { PASSWORD_RESET_TTL_SECONDS } from '@app/contracts'
import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { issueEmailToken, redeemEmailToken } from '../auth/email-tokens'
import { findIdentityUser, markIdentityEmailVerified, setIdentityPassword } from '../auth/identity'
import { dynamo } from '../aws'
import { resetThrottleKey } from '../db/keys'
import { nowIso, tableName } from '../db/table'
import { coreEnv } from '../env'
import { AppError, isConditionalCheckFailure } from '../errors'
import type { Logger } from '../log'
import { sendProductMail } from '../mail/product-mail'
import * as AccountsRepo from './accounts.repo'

/** One reset mail per address per minute, so the public endpoint cannot flood a mailbox. */
export const RESET_MAIL_INTERVAL_SECONDS = 60

async function claimResetSlot(email: string, now: Date): Promise<boolean> {
  const epoch = Math.floor(now.getTime() / 1000)
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...resetThrottleKey(email),
          entity: 'ResetThrottle',
          expiresAt: epoch + RESET_MAIL_INTERVAL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR expiresAt <= :now',
        ExpressionAttributeValues: { ':now': epoch },
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

/**
 * Emails a reset link owned by us rather than Cognito's ForgotPassword, which refuses unverified addresses:
 * following the link proves the address, so it works for every user. The caller learns nothing about whether
 * the address has an account.
 */
export async function requestPasswordReset(email: string, log?: Logger, now = new Date()): Promise<void> {
  if (!(await claimResetSlot(email, now))) {
    log?.info('password_reset.throttled')
    return
  }
  const user = await findIdentityUser(email)
  if (!user) {
    log?.info('password_reset.unknown_address')
    return
  }
  const token = await issueEmailToken(
    { purpose: 'password_reset', email: user.email, username: user.username },
    PASSWORD_RESET_TTL_SECONDS,
    now,
  )
  await sendProductMail({
    to: user.email,
    subject: 'Reset your SES Studio password',
    paragraphs: ['Someone (hopefully you) asked to reset the password of your SES Studio account.'],
    action: { label: 'Choose a new password', url: `${coreEnv().appUrl}/auth/reset-password#token=${token}` },
    footnote: 'The link works for one hour and only once. If you did not ask for it, ignore this message.',
  })
}

export async function confirmPasswordReset(token: string, password: string): Promise<void> {
  const redeemed = await redeemEmailToken(token, 'password_reset')
  if (!redeemed) {
    throw new AppError(
      'auth.invalid_token',
      'This reset link is invalid, expired or already used. Ask for a new one.',
    )
  }
  await setIdentityPassword(redeemed.username, password)
  // Following the link proved the address.
  await markIdentityEmailVerified(redeemed.username)
  const account = await AccountsRepo.findAccountByEmail(redeemed.email)
  if (account && !account.emailVerifiedAt) {
    await AccountsRepo.updateAccountProfile(account.id, { emailVerifiedAt: nowIso() })
  }
}
