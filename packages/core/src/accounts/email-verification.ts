import { appPaths, EMAIL_VERIFICATION_TTL_SECONDS } from '@app/contracts'
import type { UserActor } from '../actor'
import { issueEmailToken, markIdentityEmailVerified, redeemEmailToken } from '../auth/public'
import { nowIso } from '../db/table'
import { coreEnv } from '../env'
import { AppError } from '../errors'
import { sendProductMail } from '../mail/product-mail'
import * as AccountsRepo from './accounts.repo'

/** Sends the link that verifies the account email; signing up never waits for it (spec §4). */
export async function sendEmailVerification(actor: UserActor): Promise<void> {
  const token = await issueEmailToken(
    {
      purpose: 'email_verification',
      email: actor.email,
      username: actor.username,
      accountId: actor.accountId,
    },
    EMAIL_VERIFICATION_TTL_SECONDS,
  )
  await sendProductMail({
    to: actor.email,
    subject: 'Verify your email for SES Studio',
    paragraphs: [
      'Welcome to SES Studio! Please confirm that this address is yours.',
      'You can keep using the app meanwhile; verifying lets us reach you about your account and billing.',
    ],
    action: { label: 'Verify email address', url: `${coreEnv().appUrl}${appPaths.verifyEmail(token)}` },
    footnote: 'The link works for 7 days. If you did not create an account, you can ignore this message.',
  })
}

export async function confirmEmailVerification(token: string): Promise<void> {
  const redeemed = await redeemEmailToken(token, 'email_verification')
  if (!redeemed) {
    throw new AppError(
      'auth.invalid_token',
      'This verification link is invalid or has expired. Ask for a new one.',
    )
  }
  await markIdentityEmailVerified(redeemed.username)
  if (redeemed.accountId && (await AccountsRepo.getAccountProfile(redeemed.accountId))) {
    await AccountsRepo.updateAccountProfile(redeemed.accountId, { emailVerifiedAt: nowIso() })
  }
}
