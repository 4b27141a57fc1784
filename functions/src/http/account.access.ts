import type { FunctionAccess } from '@app/contracts'

/**
 * The signed-in user's account: mails email verification links, updates and deletes its Cognito user. Deleting
 * the account deletes its organizations by publishing `organization.deleted`: the event dispatcher cancels their
 * Stripe subscriptions, takes monitoring out of their AWS accounts and purges, so this function needs none of that.
 */
export const access = {
  table: true,
  sendsMail: true,
  administersUsers: true,
  sendsTo: [],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
