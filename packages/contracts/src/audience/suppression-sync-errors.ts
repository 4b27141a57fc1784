/** Errors of the suppression-list sync (apart from the schemas: every function's error mapping reads it). */
export const SUPPRESSION_SYNC_ERROR_STATUS = {
  /** The organization has no verified AWS account to read a suppression list from. */
  'suppression_sync.no_aws_account': 409,
} as const
