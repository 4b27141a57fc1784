import type { FunctionAccess } from '@app/contracts'

/**
 * The signed-in user's account: mails email verification links, updates and deletes its Cognito user. Deleting
 * the account deletes its organizations: their Stripe subscriptions are cancelled, monitoring is taken out of their
 * AWS accounts, and what they owned goes to the purge worker.
 */
export const access = {
  table: true,
  sendsMail: true,
  administersUsers: true,
  sendsTo: ['purge'],
  stripe: true,
  customerAws: true,
} as const satisfies FunctionAccess
