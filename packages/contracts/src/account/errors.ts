/** The signed-in user's account. */
export const ACCOUNT_ERROR_STATUS = {
  'account.not_found': 404,
  'account.email_mismatch': 400,
  'account.suspended': 403,
} as const
