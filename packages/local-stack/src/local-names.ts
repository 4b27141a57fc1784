/** Fixed names and credentials of the local stack: the same on every machine, so data in `.data/` stays usable. */
export const LOCAL_REGION = 'us-east-1'
export const LOCAL_ACCOUNT_ID = '123456789012'
/** The local customer account seeded on first start (SES sandbox, an access key allowed `ses:*` and `sns:*`). */
export const DEMO_CUSTOMER_ACCOUNT_ID = '111111111111'

/**
 * DynamoDB Local 2+ accepts only letters and digits in access keys; s3rver gets this pair registered.
 * A fresh object each time: the SDK annotates the credentials object it is given.
 */
export const localCredentials = () => ({ accessKeyId: 'SESSTUDIOLOCAL', secretAccessKey: 'SESSTUDIOLOCAL' })

export const TABLE_NAME = 'ses-studio-local'
export const BUCKETS = { imports: 'ses-studio-local-imports' } as const
export const MAIL_FROM = 'SES Studio <no-reply@ses-studio.local>'
export const USER_POOL_NAME = 'ses-studio-local'

export const dlqName = (queueName: string) => `${queueName}-dlq`

/** The Stripe stand-in's keys: public on purpose, they only open the local stand-in. */
export const STRIPE_SECRET_KEY = 'sk_test_local_stack'
export const STRIPE_WEBHOOK_SECRET = 'whsec_local_stack'
/** Where the stand-in posts events: the API's Stripe webhook route, through the local API gateway. */
export const STRIPE_WEBHOOK_PATH = '/api/payments/webhook'

/** Where the API serves `customerRoleTemplate(...)` for CloudFormation quick-create (`CUSTOMER_ROLE_TEMPLATE_URL`). */
export const CUSTOMER_ROLE_TEMPLATE_PATH = '/api/aws-accounts/customer-role-template'
