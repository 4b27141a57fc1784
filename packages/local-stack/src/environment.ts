import { ENV, QUEUES, type QueueName, SES_EVENTS_PATH } from '@app/contracts'
import type { LocalStackConfig } from './config'
import { readSigningKeys, type SigningKeys } from './data-dir'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

/**
 * The environment a deployed Lambda gets, pointed at the stand-ins. Endpoints use the SDK's own
 * `AWS_ENDPOINT_URL_<SERVICE>` variables, so handler and core code is byte-for-byte what runs in Lambda.
 */
export function handlerEnvironment(
  config: LocalStackConfig,
  logLevel: LogLevel,
  adminEmails: readonly string[] = [],
  // From the data directory's 0600 key files: `local-stack.json` does not carry them.
  keys: SigningKeys = readSigningKeys(config.dataDir),
): Record<string, string> {
  const queueUrls = Object.entries(QUEUES).map(([name, queue]) => [
    queue.urlEnv,
    config.queues[name as QueueName].url,
  ])
  return {
    [ENV.stage]: config.stage,
    [ENV.region]: config.region,
    AWS_DEFAULT_REGION: config.region,
    [ENV.tableName]: config.tableName,
    [ENV.userPoolId]: config.userPoolId,
    [ENV.userPoolClientId]: config.userPoolClientId,
    [ENV.appUrl]: config.appUrl,
    [ENV.mailFrom]: config.mailFrom,
    [ENV.logLevel]: logLevel,
    [ENV.adminEmails]: adminEmails.join(','),
    [ENV.cursorKey]: keys.cursorKey,
    [ENV.transferBucket]: config.buckets.imports,
    [ENV.unsubscribeKeys]: keys.unsubscribeKeys,
    [ENV.apiUrl]: config.apiUrl,
    [ENV.stripeApiUrl]: config.stripe.apiUrl,
    [ENV.stripeSecretKey]: config.stripe.secretKey,
    [ENV.stripeWebhookSecret]: config.stripe.webhookSecret,
    [ENV.platformAccountId]: config.aws.platformAccountId,
    [ENV.secretsKeyId]: config.aws.kmsKeyAlias,
    [ENV.customerRoleTemplateUrl]: config.aws.customerRoleTemplateUrl,
    [ENV.awsConsoleUrl]: config.aws.consoleUrl,
    // Customers' SNS topics post to the local API; their messages are signed by the stand-in, trusted locally.
    [ENV.sesEventsUrl]: `${config.apiUrl}${SES_EVENTS_PATH}`,
    [ENV.localSnsOrigin]: config.aws.gatewayUrl,
    ...Object.fromEntries(queueUrls),
    // Webhooks to receivers on this machine: only when the operator (or the test run) sets the flag explicitly.
    ...passThrough(ENV.webhooksAllowLoopback, ENV.webhookRetrySeconds),
    // Campaign schedules go to the local Scheduler stand-in (the gateway), which delivers to the local queue.
    [ENV.campaignScheduleGroup]: 'ses-studio-local-campaigns',
    [ENV.campaignSchedulerRoleArn]: `arn:aws:iam::${config.aws.platformAccountId}:role/ses-studio-local-scheduler`,
    [ENV.campaignScheduleTargetArn]: config.queues.campaignSchedule.arn,
    AWS_ENDPOINT_URL_SCHEDULER: config.aws.gatewayUrl,
    AWS_ACCESS_KEY_ID: config.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: config.credentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: config.dynamodbEndpoint,
    AWS_ENDPOINT_URL_SESV2: config.sesEndpoint,
    AWS_ENDPOINT_URL_STS: config.aws.gatewayUrl,
    AWS_ENDPOINT_URL_KMS: config.aws.gatewayUrl,
    AWS_ENDPOINT_URL_SNS: config.aws.gatewayUrl,
    AWS_ENDPOINT_URL_SQS: config.sqsEndpoint,
    AWS_ENDPOINT_URL_S3: config.s3Endpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: config.cognitoEndpoint,
  }
}

/** The variables of `names` set in this process (explicit local choices, e.g. `WEBHOOKS_ALLOW_LOOPBACK=1 npm start`). */
function passThrough(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])))
}

/** Variables that would make handlers reach for real AWS (credentials, profiles) or real Stripe's keys. */
const CLEARED = ['AWS_SESSION_TOKEN', 'AWS_PROFILE', 'AWS_ENDPOINT_URL', 'SENTRY_DSN', ENV.stripeSecretArn]

/** Sets the variables on this process (handlers run in it) and returns how to put the old values back. */
export function applyEnvironment(variables: Record<string, string>): () => void {
  const previous = new Map<string, string | undefined>()
  for (const name of [...Object.keys(variables), ...CLEARED]) previous.set(name, process.env[name])
  for (const name of CLEARED) delete process.env[name]
  Object.assign(process.env, variables)
  return () => {
    for (const [name, value] of previous) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}
