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
} as const
