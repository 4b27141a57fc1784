/** Names of the environment variables the deployables read (each parses them in its own env.ts). */
export const ENV = {
  stage: 'STAGE',
  region: 'AWS_REGION',
  tableName: 'TABLE_NAME',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  appUrl: 'APP_URL',
  /** The API's public origin for addresses mailed out (RFC 8058 one-click); unset means `APP_URL` (CloudFront). */
  apiUrl: 'API_URL',
  mailFrom: 'MAIL_FROM',
  purgeQueueUrl: 'PURGE_QUEUE_URL',
  jobsQueueUrl: 'JOBS_QUEUE_URL',
  contactTransferQueueUrl: 'CONTACT_TRANSFER_QUEUE_URL',
  campaignDispatchQueueUrl: 'CAMPAIGN_DISPATCH_QUEUE_URL',
  campaignSendQueueUrl: 'CAMPAIGN_SEND_QUEUE_URL',
  campaignScheduleQueueUrl: 'CAMPAIGN_SCHEDULE_QUEUE_URL',
  campaignEventsQueueUrl: 'CAMPAIGN_EVENTS_QUEUE_URL',
  billingEventsQueueUrl: 'BILLING_EVENTS_QUEUE_URL',
  sesMonitoringEventsQueueUrl: 'SES_MONITORING_EVENTS_QUEUE_URL',
  campaignPausedMailQueueUrl: 'CAMPAIGN_PAUSED_MAIL_QUEUE_URL',
  webhookDeliveriesQueueUrl: 'WEBHOOK_DELIVERIES_QUEUE_URL',
  /**
   * Locally only (tests, `npm start` on purpose): `1` lets webhook endpoints be `http://` and resolve to loopback
   * addresses (a receiver on this machine). Private, link-local and metadata addresses stay refused. Never set in
   * the CDK stack.
   */
  webhooksAllowLoopback: 'WEBHOOKS_ALLOW_LOOPBACK',
  /**
   * Pauses before each webhook retry, seconds, comma-separated (default `5,60,300,1800,7200,18000,36000`: eight
   * attempts over about 16 hours, each pause ±20 % jitter). Tests set short ones.
   */
  webhookRetrySeconds: 'WEBHOOK_RETRY_SECONDS',
  /** EventBridge Scheduler: the group of campaigns' one-time schedules, the role Scheduler assumes, its target. */
  campaignScheduleGroup: 'CAMPAIGN_SCHEDULE_GROUP',
  campaignSchedulerRoleArn: 'CAMPAIGN_SCHEDULER_ROLE_ARN',
  campaignScheduleTargetArn: 'CAMPAIGN_SCHEDULE_TARGET_ARN',
  /** S3 bucket of contact imports, exports and invalid-row files (objects expire after 7 days). */
  transferBucket: 'TRANSFER_BUCKET',
  /** SES control-plane calls per second per customer AWS account the jobs worker allows itself (default 1). */
  sesControlPlaneRate: 'SES_CONTROL_PLANE_RATE',
  /** Longest slice of a job one worker invocation works before it hands on a continuation (ms; default 120000). */
  jobSliceMs: 'JOB_SLICE_MS',
  sentryDsn: 'SENTRY_DSN',
  logLevel: 'LOG_LEVEL',
  /** Secrets Manager secret holding `{ "secretKey": "sk_…", "webhookSecret": "whsec_…" }` (deployed). */
  stripeSecretArn: 'STRIPE_SECRET_ARN',
  /** Locally only: the stand-in's keys, given directly. */
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  /** Locally only: the Stripe stand-in's origin; unset means Stripe itself. */
  stripeApiUrl: 'STRIPE_API_URL',
  /** Our AWS account id: customers' roles trust it (with their connection's ExternalId). */
  platformAccountId: 'PLATFORM_AWS_ACCOUNT_ID',
  /** KMS key that envelope-encrypts customers' AWS secret keys (locally: the stand-in's key). */
  secretsKeyId: 'CUSTOMER_SECRETS_KMS_KEY_ID',
  /** Where the customer-role template is for CloudFormation quick-create (an S3 URL when deployed). */
  customerRoleTemplateUrl: 'CUSTOMER_ROLE_TEMPLATE_URL',
  /** AWS console origin for quick-create links; locally the stand-in's console. */
  awsConsoleUrl: 'AWS_CONSOLE_URL',
  /** The public URL of the SES events endpoint customers' SNS topics post to (`<site>/api/ses-events`). */
  sesEventsUrl: 'SES_EVENTS_URL',
  /**
   * Locally only: the SNS stand-in's origin (`http://localhost:<port>`), trusted like `https://sns.<region>.amazonaws.com`
   * for signing certificates and subscription confirmations. Only localhost origins are honoured.
   */
  localSnsOrigin: 'LOCAL_SNS_ORIGIN',
  /** Comma-separated emails allowed to call /api/admin (besides members of the Cognito group). */
  adminEmails: 'ADMIN_EMAILS',
  /** HMAC-SHA256 key (at least 32 characters) that signs list page cursors (CDK: a generated secret). */
  cursorKey: 'CURSOR_SIGNING_KEY',
  /**
   * The keys that sign unsubscribe, preference and signup-confirmation links: JSON `{ "current": "<keyId>",
   * "<keyId>": "<secret of 32+ characters>", … }` (CDK: a generated secret; locally `<dataDir>/unsubscribe-keys.json`).
   * Rotation adds a key and points `current` at it; the old ones keep verifying the links already mailed.
   */
  unsubscribeKeys: 'UNSUBSCRIBE_SIGNING_KEYS',
} as const
