/** SES identities of a connected AWS account. */
export const EMAIL_IDENTITY_ERROR_STATUS = {
  'email_identity.not_found': 404,
  'email_identity.exists': 409,
  'email_identity.not_verified': 409,
} as const
