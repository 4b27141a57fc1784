import type { Node } from 'constructs'

/** Deploy parameters, read once from CDK context (`-c key=value` or the `context` block of cdk.json). */
export interface DeployConfig {
  stage: string
  /** The product's own mail sender (`MAIL_FROM`): `no-reply@example.com` or `SES Studio <no-reply@example.com>`. */
  mailFrom: string
  /** The bare address inside `mailFrom`; SES permissions are pinned to it. */
  mailFromAddress: string
  /** True when no `mailFrom` was given and the placeholder is used: mail cannot be sent until it is set. */
  mailFromIsPlaceholder: boolean
  logLevel: LogLevel
  customDomain?: { domainName: string; certificateArn: string }
  /** An AWS WAF web ACL (scope CLOUDFRONT, in us-east-1) to put in front of the site and API. */
  webAclArn?: string
  google?: { clientId: string; clientSecretName: string; authDomainPrefix: string }
  sentryDsn?: string
  /** App shell: people at this email domain see the Admin Panel entry (`-c adminEmailDomain=…`). */
  adminEmailDomain?: string
  /** Operators allowed to call /api/admin besides the Cognito group `admins` (`-c adminEmails=a@x.com,b@y.com`). */
  adminEmails: string[]
  alarmEmail?: string
  apiThrottle: { rateLimit: number; burstLimit: number }
}

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export const PLACEHOLDER_MAIL_FROM = 'no-reply@example.com'

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/
const DOMAIN_PREFIX = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const STAGE = /^[a-z][a-z0-9-]{0,19}$/

export class DeployConfigError extends Error {
  override name = 'DeployConfigError'
}

export function readDeployConfig(node: Node): DeployConfig {
  const text = (key: string): string | undefined => {
    const value: unknown = node.tryGetContext(key)
    if (value === undefined || value === null || value === '') return undefined
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new DeployConfigError(`Context "${key}" must be a string.`)
    }
    return String(value).trim()
  }
  const positiveInt = (key: string, fallback: number): number => {
    const raw = text(key)
    if (raw === undefined) return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value <= 0) {
      throw new DeployConfigError(`Context "${key}" must be a positive integer, got "${raw}".`)
    }
    return value
  }

  if (text('googleClientSecret') !== undefined) {
    throw new DeployConfigError(
      'Never pass the Google client secret as context: store it in Secrets Manager and pass its name as googleClientSecretName.',
    )
  }

  const stage = text('stage') ?? 'prod'
  if (!STAGE.test(stage)) {
    throw new DeployConfigError(
      `Context "stage" must be lower-case letters, digits and dashes, got "${stage}".`,
    )
  }

  const customDomain = readCustomDomain(text('domainName'), text('certificateArn'))
  const mailFrom = text('mailFrom') ?? (customDomain ? `no-reply@${customDomain.domainName}` : undefined)
  const mailFromAddress = mailFrom === undefined ? PLACEHOLDER_MAIL_FROM : parseMailFrom(mailFrom)

  const logLevel = (text('logLevel') ?? 'info') as LogLevel
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new DeployConfigError(
      `Context "logLevel" must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`,
    )
  }

  const webAclArn = text('webAclArn')
  if (
    webAclArn !== undefined &&
    !/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/.+$/.test(webAclArn)
  ) {
    throw new DeployConfigError(
      `Context "webAclArn" must be a WAFv2 web ACL with CLOUDFRONT scope (us-east-1, global/webacl/...), got "${webAclArn}".`,
    )
  }

  const sentryDsn = text('sentryDsn')
  if (sentryDsn !== undefined) sentryOrigin(sentryDsn)

  const adminEmailDomain = text('adminEmailDomain')
  if (adminEmailDomain !== undefined && !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(adminEmailDomain)) {
    throw new DeployConfigError(
      `Context "adminEmailDomain" must be a domain name, got "${adminEmailDomain}".`,
    )
  }

  const adminEmails = (text('adminEmails') ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean)
  const notEmail = adminEmails.find((email) => !EMAIL.test(email))
  if (notEmail !== undefined) {
    throw new DeployConfigError(
      `Context "adminEmails" holds something that is not an email address: "${notEmail}".`,
    )
  }

  const alarmEmail = text('alarmEmail')
  if (alarmEmail !== undefined && !EMAIL.test(alarmEmail)) {
    throw new DeployConfigError(`Context "alarmEmail" is not an email address: "${alarmEmail}".`)
  }

  return {
    stage,
    mailFrom: mailFrom ?? PLACEHOLDER_MAIL_FROM,
    mailFromAddress,
    mailFromIsPlaceholder: mailFrom === undefined,
    logLevel,
    customDomain,
    webAclArn,
    google: readGoogle(text('googleClientId'), text('googleClientSecretName'), text('authDomainPrefix')),
    sentryDsn,
    adminEmailDomain,
    adminEmails,
    alarmEmail,
    apiThrottle: {
      rateLimit: positiveInt('apiRateLimit', 100),
      burstLimit: positiveInt('apiBurstLimit', 200),
    },
  }
}

function readCustomDomain(domainName?: string, certificateArn?: string): DeployConfig['customDomain'] {
  if (domainName === undefined && certificateArn === undefined) return undefined
  if (domainName === undefined || certificateArn === undefined) {
    throw new DeployConfigError(
      'A custom domain needs both "domainName" and "certificateArn" (an ACM certificate in us-east-1 covering it).',
    )
  }
  if (!DOMAIN.test(domainName)) {
    throw new DeployConfigError(`Context "domainName" must be a lower-case host name, got "${domainName}".`)
  }
  if (!/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new DeployConfigError(
      `Context "certificateArn" must be an ACM certificate ARN in us-east-1 (CloudFront requires it), got "${certificateArn}".`,
    )
  }
  return { domainName, certificateArn }
}

function readGoogle(
  clientId?: string,
  clientSecretName?: string,
  authDomainPrefix?: string,
): DeployConfig['google'] {
  const given = [clientId, clientSecretName, authDomainPrefix].filter((value) => value !== undefined)
  if (given.length === 0) return undefined
  if (clientId === undefined || clientSecretName === undefined || authDomainPrefix === undefined) {
    throw new DeployConfigError(
      'Google sign-in needs all of "googleClientId", "googleClientSecretName" (a Secrets Manager secret name) and "authDomainPrefix".',
    )
  }
  if (!DOMAIN_PREFIX.test(authDomainPrefix) || /aws|amazon|cognito/.test(authDomainPrefix)) {
    throw new DeployConfigError(
      `Context "authDomainPrefix" must be lower-case letters, digits and dashes without "aws", "amazon" or "cognito", got "${authDomainPrefix}".`,
    )
  }
  return { clientId, clientSecretName, authDomainPrefix }
}

/** `no-reply@example.com` or `Display Name <no-reply@example.com>` → the bare address. */
export function parseMailFrom(mailFrom: string): string {
  const address = (/<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom).trim()
  if (!EMAIL.test(address)) {
    throw new DeployConfigError(
      `Context "mailFrom" must be an address or "Name <address>", got "${mailFrom}".`,
    )
  }
  return address.toLowerCase()
}

/** The origin the browser SDK posts events to, allowed by the CSP when a DSN is configured. */
export function sentryOrigin(dsn: string): string {
  try {
    const url = new URL(dsn)
    if (url.protocol !== 'https:') throw new Error('not https')
    return url.origin
  } catch {
    throw new DeployConfigError(`Context "sentryDsn" must be an https Sentry DSN, got "${dsn}".`)
  }
}
