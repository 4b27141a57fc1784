/** Names of the environment variables the deployables read (each parses them in its own env.ts). */
export const ENV = {
  stage: 'STAGE',
  region: 'AWS_REGION',
  tableName: 'TABLE_NAME',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  appUrl: 'APP_URL',
  mailFrom: 'MAIL_FROM',
  purgeQueueUrl: 'PURGE_QUEUE_URL',
  sentryDsn: 'SENTRY_DSN',
  logLevel: 'LOG_LEVEL',
  /** Secrets Manager secret holding `{ "secretKey": "sk_…", "webhookSecret": "whsec_…" }` (deployed). */
  stripeSecretArn: 'STRIPE_SECRET_ARN',
  /** Locally only: the stand-in's keys, given directly. */
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  /** Locally only: the Stripe stand-in's origin; unset means Stripe itself. */
  stripeApiUrl: 'STRIPE_API_URL',
  /** Comma-separated emails allowed to call /api/admin (besides members of the Cognito group). */
  adminEmails: 'ADMIN_EMAILS',
} as const
