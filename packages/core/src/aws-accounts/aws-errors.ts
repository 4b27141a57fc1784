import { AppError } from '../errors'

/** The AWS error's name and message, as the SDK reports them. */
export function awsErrorOf(error: unknown): { name: string; message: string } | null {
  if (!(error instanceof Error)) return null
  // Every error an AWS service answered carries the SDK's response metadata; our own bugs do not.
  if (!(error as { $metadata?: unknown }).$metadata) return null
  return { name: error.name, message: error.message }
}

const THROTTLED = new Set([
  'TooManyRequestsException',
  'ThrottlingException',
  'Throttling',
  'LimitExceededException',
])
const CREDENTIALS = new Set([
  'UnrecognizedClientException',
  'InvalidClientTokenId',
  'SignatureDoesNotMatch',
  'ExpiredTokenException',
  'InvalidSignatureException',
])

/** The action an AccessDenied message names ("… not authorized to perform: ses:GetAccount …"). */
export function deniedAction(message: string): string | null {
  return /perform: ([\w:]+)/.exec(message)?.[1] ?? null
}

/**
 * A failure of a call into the customer's own AWS account, as an API error the user can act on. Their AWS said
 * it, so the message says so; our own permission errors never look like this.
 */
export function toCustomerAwsError(error: unknown, what: string): Error {
  if (error instanceof AppError) return error
  const aws = awsErrorOf(error)
  if (!aws) return error instanceof Error ? error : new Error(String(error))
  if (THROTTLED.has(aws.name)) {
    return new AppError(
      'aws.throttled',
      `Your AWS account is throttling SES calls (${aws.message}); try again in a moment.`,
    )
  }
  if (aws.name === 'AccessDeniedException' || aws.name === 'AccessDenied') {
    const action = deniedAction(aws.message)
    return new AppError(
      'aws.access_denied',
      `Your AWS credentials are not allowed ${action ?? 'this call'} (needed to ${what}). Update the role or IAM policy with the permissions SES Studio lists.`,
    )
  }
  if (CREDENTIALS.has(aws.name)) {
    return new AppError(
      'aws_account.not_verified',
      'AWS no longer accepts this connection’s credentials; check the connection on the Status page.',
    )
  }
  if (
    aws.name === 'MessageRejected' ||
    aws.name === 'SendingPausedException' ||
    aws.name === 'AccountSendingPausedException' ||
    aws.name === 'MailFromDomainNotVerifiedException' ||
    aws.name === 'BadRequestException' ||
    aws.name === 'NotFoundException' ||
    aws.name === 'AlreadyExistsException'
  ) {
    return new AppError('aws.rejected', `Amazon SES refused to ${what}: ${aws.message}`)
  }
  return new AppError('aws.request_failed', `Amazon SES could not ${what}: ${aws.message}`)
}

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ECONNABORTED',
])
const TIMEOUTS = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException'])

/**
 * An AWS failure worth trying again shortly: throttling, AWS's own 5xx, a timeout or a dropped connection. Access
 * denied, bad credentials, not found and other 4xx answers are permanent.
 */
export function isTransientAwsError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
  if (THROTTLED.has(error.name) || status === 429) return true
  if (status !== undefined && status >= 500) return true
  if (TIMEOUTS.has(error.name)) return true
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && NETWORK_CODES.has(code)
}
