import type { QueueName } from '@app/contracts'
import type { Ports } from './ports'

export interface LocalQueue {
  name: string
  url: string
  arn: string
  dlqUrl: string
  dlqArn: string
}

/**
 * Everything a tool or test needs to find the running stack; also written (0600) to `<dataDir>/local-stack.json`.
 * The signing keys are not in it: `readSigningKeys(dataDir)` reads them from their own 0600 files.
 */
export interface LocalStackConfig {
  stage: 'local'
  region: string
  accountId: string
  /** The SPA origin (its production build, or the Vite dev server for `npm run dev`, when `web` is on). */
  appUrl: string
  /** The local API gateway's origin; routes live under `/api`. */
  apiUrl: string
  tableName: string
  userPoolId: string
  userPoolClientId: string
  /** The Cognito proxy: the endpoint every client uses (never cognito-local directly). */
  cognitoEndpoint: string
  /** `iss` of every token; equals `<cognitoEndpoint>/<userPoolId>`, like `https://cognito-idp.<region>.amazonaws.com/<poolId>`. */
  cognitoIssuer: string
  jwksUrl: string
  /** Web viewer of every mail sent through the SES gateway. */
  mailboxUrl: string
  /** JSON of sent mail (`?since=<epoch seconds>`). */
  mailboxApiUrl: string
  /** SES v2, STS and KMS: the local AWS gateway (`aws.gatewayUrl`). */
  sesEndpoint: string
  /** The local AWS stand-in: customer accounts, STS, KMS and its console. */
  aws: {
    /** SES v2, STS and KMS endpoint (`AWS_ENDPOINT_URL_SESV2`, `_STS`, `_KMS`). */
    gatewayUrl: string
    /** The local "AWS console" (`AWS_CONSOLE_URL`): accounts, keys, identities, CloudFormation quick-create. */
    consoleUrl: string
    /** The account our local credentials belong to; customers' roles trust it. */
    platformAccountId: string
    /** The customer seeded on first start, with its IAM user's access key (`localCustomerAccount(config)`). */
    demoAccount: { accountId: string; userName: string; accessKeyId: string; secretAccessKey: string }
    /** The customer-secrets KMS key: its id, ARN, and the alias handlers get (`CUSTOMER_SECRETS_KMS_KEY_ID`). */
    kmsKeyId: string
    kmsKeyArn: string
    kmsKeyAlias: string
    /** Where CloudFormation quick-create fetches the customer-role template (`CUSTOMER_ROLE_TEMPLATE_URL`). */
    customerRoleTemplateUrl: string
  }
  dynamodbEndpoint: string
  s3Endpoint: string
  sqsEndpoint: string
  queues: Record<QueueName, LocalQueue>
  buckets: { imports: string }
  /** The Stripe stand-in: the SDK's origin (`apiUrl`), the hosted pages' origin, and its keys. */
  stripe: { apiUrl: string; publicUrl: string; secretKey: string; webhookSecret: string }
  mailFrom: string
  credentials: { accessKeyId: string; secretAccessKey: string }
  ports: Ports
  web: boolean
  dataDir: string
  /** Milliseconds from start to ready. */
  bootMs: number
}
