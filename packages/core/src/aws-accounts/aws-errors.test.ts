import { describe, expect, it } from 'vitest'
import { AppError } from '../errors'
import { deniedAction, isTransientAwsError, toCustomerAwsError } from './aws-errors'

function awsError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name, $metadata: { httpStatusCode: 400 } })
}

const codeOf = (error: Error) => (error as AppError).code

describe('errors from a customer AWS account', () => {
  it('name the denied action', () => {
    expect(
      deniedAction(
        'User: arn:aws:iam::111111111111:user/x is not authorized to perform: ses:SendEmail because no identity-based policy allows the ses:SendEmail action',
      ),
    ).toBe('ses:SendEmail')
    expect(deniedAction('Access denied')).toBeNull()
  })

  it('become API errors the user can act on', () => {
    expect(codeOf(toCustomerAwsError(awsError('TooManyRequestsException', 'Too Many Requests'), 'x'))).toBe(
      'aws.throttled',
    )
    const denied = toCustomerAwsError(
      awsError('AccessDeniedException', 'User: u is not authorized to perform: ses:GetAccount because …'),
      'read the account status',
    )
    expect(codeOf(denied)).toBe('aws.access_denied')
    expect(denied.message).toContain('ses:GetAccount')
    expect(
      codeOf(toCustomerAwsError(awsError('MessageRejected', 'Email address is not verified.'), 'send')),
    ).toBe('aws.rejected')
    expect(codeOf(toCustomerAwsError(awsError('UnrecognizedClientException', 'bad token'), 'x'))).toBe(
      'aws_account.not_verified',
    )
    expect(codeOf(toCustomerAwsError(awsError('InternalFailure', 'boom'), 'x'))).toBe('aws.request_failed')
  })

  it('leave our own errors and programming errors alone', () => {
    const ours = new AppError('aws_account.not_found', 'No such AWS account.')
    expect(toCustomerAwsError(ours, 'x')).toBe(ours)
    const bug = new TypeError('x is undefined')
    expect(toCustomerAwsError(bug, 'x')).toBe(bug)
  })

  it('tell transient failures (throttling, 5xx, timeouts, dropped connections) from permanent ones', () => {
    const withStatus = (name: string, status: number) =>
      Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } })
    expect(isTransientAwsError(withStatus('Throttling', 400))).toBe(true)
    expect(isTransientAwsError(withStatus('TooManyRequestsException', 429))).toBe(true)
    expect(isTransientAwsError(withStatus('InternalFailure', 500))).toBe(true)
    expect(isTransientAwsError(withStatus('ServiceUnavailable', 503))).toBe(true)
    expect(isTransientAwsError(Object.assign(new Error('t'), { name: 'TimeoutError' }))).toBe(true)
    expect(isTransientAwsError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(true)
    expect(isTransientAwsError(withStatus('AccessDenied', 403))).toBe(false)
    expect(isTransientAwsError(withStatus('InvalidClientTokenId', 403))).toBe(false)
    expect(isTransientAwsError(withStatus('NotFoundException', 404))).toBe(false)
    expect(isTransientAwsError(new Error('our bug'))).toBe(false)
    expect(isTransientAwsError('nope')).toBe(false)
  })
})
