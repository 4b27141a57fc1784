import type { LocalStackConfig } from '../config'
import type { ArmedFault, FaultRule } from '../local-aws/faults'
import type { AcceptedMessage, SendCall } from '../local-aws/ses/accept-log'
import type { DeliveryRecord } from '../local-aws/sns/deliveries'
import type { ThrottleSettings } from '../local-aws/throttle'

/** An IAM user's access key in a local AWS account. */
export interface LocalAwsKeys {
  accountId: string
  userName: string
  accessKeyId: string
  secretAccessKey: string
}

async function control<T>(
  config: LocalStackConfig,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${config.aws.gatewayUrl}/_local-aws/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await response.json()) as T & { message?: string }
  if (!response.ok) throw new Error(`local AWS ${method} ${path}: ${response.status} ${answer.message ?? ''}`)
  return answer
}

/** The customer account seeded on first start (SES sandbox) and its user's key, allowed `ses:*` and `sns:*`. */
export function localCustomerAccount(config: LocalStackConfig): LocalAwsKeys {
  return { ...config.aws.demoAccount }
}

/** A new customer account of its own (no other test shares its throttle, identities or quotas), with a key. */
export function createLocalCustomerAccount(
  config: LocalStackConfig,
  options: { name?: string; actions?: string[]; region?: string; productionAccess?: boolean } = {},
): Promise<LocalAwsKeys> {
  return control(config, 'POST', 'accounts', options)
}

/** An IAM user allowed exactly `actions` (e.g. for "missing permission" tests); the demo account by default. */
export function createLocalAwsUser(
  config: LocalStackConfig,
  options: { accountId?: string; name?: string; actions: string[] },
): Promise<LocalAwsKeys> {
  const accountId = options.accountId ?? config.aws.demoAccount.accountId
  return control(config, 'POST', `accounts/${accountId}/users`, {
    name: options.name,
    actions: options.actions,
  })
}

/**
 * The customer role the CloudFormation template creates (`SesStudioAccess-<region>`, trusting the platform
 * account with this ExternalId): from `templateUrl` like the console's quick-create, or with `actions` (default
 * the template's). Without `accountId` it goes into a new account, so tests never replace each other's role.
 * Returns the role ARN.
 */
export async function createLocalCustomerRole(
  config: LocalStackConfig,
  options: {
    accountId?: string
    region?: string
    externalId: string
    templateUrl?: string
    actions?: string[]
    trustedAccountId?: string
  },
): Promise<string> {
  const accountId =
    options.accountId ?? (await createLocalCustomerAccount(config, { region: options.region })).accountId
  const { roleArn } = await control<{ roleArn: string }>(config, 'POST', `accounts/${accountId}/roles`, {
    region: options.region,
    externalId: options.externalId,
    templateUrl: options.templateUrl,
    actions: options.actions,
    trustedAccountId: options.trustedAccountId,
  })
  return roleArn
}

export async function deleteLocalCustomerRole(config: LocalStackConfig, roleArn: string): Promise<void> {
  const [, accountId, name] = /^arn:aws:iam::(\d{12}):role\/(.+)$/.exec(roleArn) ?? []
  await control(config, 'DELETE', `accounts/${accountId}/roles/${encodeURIComponent(name ?? '')}`)
}

/**
 * What clicking the verification mail's link or publishing the DKIM records does; an identity the account does not
 * have yet is created verified (an address or a domain).
 */
export async function verifyLocalIdentity(
  config: LocalStackConfig,
  options: { accountId: string; region?: string; identity: string },
): Promise<void> {
  await control(config, 'POST', `accounts/${options.accountId}/identities/verify`, {
    region: options.region,
    identity: options.identity,
  })
}

/** AWS support granting the production-access request: out of the sandbox, 50 000 a day, 14 a second. */
export async function grantProductionAccess(
  config: LocalStackConfig,
  accountId: string,
  region?: string,
): Promise<void> {
  await control(config, 'POST', `accounts/${accountId}/ses`, { region, productionAccess: true })
}

/** Sets an account's SES state directly (paused sending, enforcement, quotas, or forgetting what was sent). */
export function updateLocalSesAccount(
  config: LocalStackConfig,
  accountId: string,
  change: {
    region?: string
    sendingEnabled?: boolean
    enforcementStatus?: string
    max24HourSend?: number
    maxSendRate?: number
    resetSends?: boolean
  },
): Promise<Record<string, unknown>> {
  return control(config, 'POST', `accounts/${accountId}/ses`, change)
}

/** Makes an AssumeRole session's credentials expired now (`ExpiredTokenException` on their next call). */
export async function expireLocalAwsSession(config: LocalStackConfig, accessKeyId: string): Promise<void> {
  await control(config, 'POST', 'sessions/expire', { accessKeyId })
}

/**
 * The next `count` (default 1) matching calls answer `error` in the service's shape, e.g.
 * `{ accountId, operation: 'GetAccount', error: 'TooManyRequestsException' }` or `{ operation: 'sts:AssumeRole',
 * error: 'InternalFailure' }`. Scope faults to an account so parallel tests do not take each other's. With
 * `after: true` (SES) the call is carried out first and only its answer is lost (`reset: true`: the connection
 * closes with no answer at all).
 */
export function injectLocalAwsFault(config: LocalStackConfig, rule: FaultRule): Promise<ArmedFault> {
  return control(config, 'POST', 'faults', rule)
}

/**
 * The messages the local SES accepted (newest last), each with its accept time, recipients and tags: what was
 * really sent, whatever the caller heard back. Filter by account, region, time (`since`, epoch ms) and a tag.
 */
export async function localSesAccepted(
  config: LocalStackConfig,
  query: { accountId?: string; region?: string; since?: number; tag?: [string, string] } = {},
): Promise<AcceptedMessage[]> {
  const params = new URLSearchParams()
  if (query.accountId) params.set('accountId', query.accountId)
  if (query.region) params.set('region', query.region)
  if (query.since !== undefined) params.set('since', String(query.since))
  if (query.tag) params.set('tag', `${query.tag[0]}=${query.tag[1]}`)
  const answer = await control<{ messages: AcceptedMessage[] }>(config, 'GET', `ses/accepted?${params}`)
  return answer.messages
}

/**
 * Every SendEmail / SendBulkEmail call of customer accounts that reached SES (newest last): its time, how many
 * destinations it asked for and how many SES refused for MaxSendRate (per-entry `ACCOUNT_THROTTLED`, or a whole
 * call's `TooManyRequestsException`) — throttling as the caller heard it, whatever it did next.
 */
export async function localSesSendCalls(
  config: LocalStackConfig,
  query: { accountId?: string; region?: string; since?: number } = {},
): Promise<SendCall[]> {
  const params = new URLSearchParams()
  if (query.accountId) params.set('accountId', query.accountId)
  if (query.region) params.set('region', query.region)
  if (query.since !== undefined) params.set('since', String(query.since))
  return (await control<{ calls: SendCall[] }>(config, 'GET', `ses/calls?${params}`)).calls
}

export async function clearLocalAwsFaults(config: LocalStackConfig, accountId?: string): Promise<void> {
  await control(config, 'DELETE', `faults${accountId ? `?accountId=${accountId}` : ''}`)
}

/** Control-plane throttle settings, for one account or (without `accountId`) every account. */
export function setLocalAwsThrottle(
  config: LocalStackConfig,
  settings: Partial<ThrottleSettings> & { accountId?: string },
): Promise<ThrottleSettings> {
  return control(config, 'POST', 'throttle', settings)
}

/** Full buckets and default settings again (for one account, or all). */
export function resetLocalAwsThrottle(
  config: LocalStackConfig,
  accountId?: string,
): Promise<ThrottleSettings> {
  return control(config, 'POST', 'throttle', { accountId, reset: true })
}

/**
 * A recipient opening a message (`OPEN`) or clicking a link in it (`CLICK`): the message's Open or Click event is
 * published to its configuration set's matching SNS destinations, like SES's open and click tracking. The message
 * must have been sent by a customer account with a configuration set; `topics` is how many topics got it.
 */
export function simulateLocalSesEngagement(
  config: LocalStackConfig,
  engagement: {
    messageId: string
    type: 'OPEN' | 'CLICK'
    link?: string
    linkTags?: Record<string, string[]>
    userAgent?: string
    ipAddress?: string
  },
): Promise<{ messageId: string; eventType: string; topics: number }> {
  return control(config, 'POST', 'ses/engagement', engagement)
}

/**
 * A message signed with the local SNS stand-in's key, as the JSON body SNS would POST: the given fields
 * (`Type`, `MessageId`, `TopicArn`, `Message`, `Timestamp`, …) then `SignatureVersion` 2, `Signature` and
 * `SigningCertURL`. For endpoint tests that forge (or tamper with) deliveries.
 */
export async function signLocalSnsMessage(
  config: LocalStackConfig,
  message: { Type: 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation' } & Record<
    string,
    string
  >,
): Promise<string> {
  return (await control<{ body: string }>(config, 'POST', 'sns/sign', message)).body
}

/** The SNS stand-in's latest HTTP/S deliveries (newest first): status, attempts, last error. */
export async function localSnsDeliveries(config: LocalStackConfig): Promise<DeliveryRecord[]> {
  return (await control<{ deliveries: DeliveryRecord[] }>(config, 'GET', 'sns/deliveries')).deliveries
}

/** Region, endpoint and credentials for an SDK client (SESv2Client, STSClient, KMSClient, SNSClient) against the stand-in. */
export function localAwsClientConfig(
  config: LocalStackConfig,
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string },
  region = config.region,
) {
  return {
    region,
    endpoint: config.aws.gatewayUrl,
    credentials: {
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
      sessionToken: credentials.sessionToken,
    },
  }
}
