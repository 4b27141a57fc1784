/** Customers' AWS connections, and any call into a customer's AWS account (`toCustomerAwsError`). */
export const AWS_ACCOUNT_ERROR_STATUS = {
  'aws_account.not_found': 404,
  'aws_account.not_verified': 409,
  'aws_account.not_selected': 409,
  'aws_account.already_connected': 409,
  'aws.access_denied': 403,
  'aws.rejected': 422,
  'aws.throttled': 429,
  'aws.request_failed': 502,
} as const
