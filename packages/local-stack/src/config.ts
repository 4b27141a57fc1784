import type { QueueName } from '@app/contracts'
import type { Ports } from './ports'

export interface LocalQueue {
  name: string
  url: string
  arn: string
  dlqUrl: string
  dlqArn: string
}

/** Everything a tool or test needs to find the running stack; also written to `<dataDir>/local-stack.json`. */
export interface LocalStackConfig {
  stage: 'local'
  region: string
  accountId: string
  /** The SPA origin (Vite dev server when `web` is on). */
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
  sesEndpoint: string
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
