/** Import and sync with the customer's SES. */
export const SES_SYNC_ERROR_STATUS = {
  'ses.not_published': 404,
  'ses.changed_again': 409,
} as const
