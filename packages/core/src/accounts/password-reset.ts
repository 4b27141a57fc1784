import { appPaths, PASSWORD_RESET_TTL_SECONDS } from '@app/contracts'
import {
  findIdentityUser,
  issueEmailToken,
  markIdentityEmailVerified,
  redeemEmailToken,
  setIdentityPassword,
} from '../auth/public'
import { nowIso } from '../db/table'
import { coreEnv } from '../env'
import { AppError } from '../errors'
import type { Logger } from '../log'
import { sendProductMail } from '../mail/product-mail'
import { takeRateLimit } from '../platform/rate-limit'
import * as AccountsRepo from './accounts.repo'

/** One reset mail per address per minute, so the public endpoint cannot flood a mailbox. */
export const RESET_MAIL_INTERVAL_SECONDS = 60

/**
 * Emails a reset link owned by us rather than Cognito's ForgotPassword, which refuses unverified addresses:
 * following the link proves the address, so it works for every user. The caller learns nothing about whether
 * the address has an account.
 */
export async function requestPasswordReset(email: string, log?: Logger, now = new Date()): Promise<void> {
  const slot = await takeRateLimit(
    'password-reset.mail',
    email,
    { limit: 1, windowSeconds: RESET_MAIL_INTERVAL_SECONDS },
    now,
  )
  if (!slot.allowed) {
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
    action: { label: 'Choose a new password', url: `${coreEnv().appUrl}${appPaths.resetPassword(token)}` },
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
