import { type AwsAccountCheck, type AwsCheckCode, CUSTOMER_ROLE_ACTIONS } from '@app/contracts'
import { GetAccountCommand } from '@aws-sdk/client-sesv2'
import type { AwsConnectionRecord } from './aws-accounts.repo'
import { awsErrorOf, deniedAction } from './aws-errors'
import { customerAccountNumber, customerSes, forgetCustomerClient } from './customer-clients'

const check = (ok: boolean, code: AwsCheckCode | null, message: string | null): AwsAccountCheck => ({
  ok,
  checkedAt: new Date().toISOString(),
  code,
  message,
})

/**
 * The live check: `GetAccount` through the connection's own credentials. A failure says what is wrong in words
 * the customer can act on; success is the only way a connection becomes verified.
 */
export async function checkConnection(connection: AwsConnectionRecord): Promise<AwsAccountCheck> {
  if (connection.method === 'role' && !connection.roleArn) {
    return check(
      false,
      'role_missing',
      'Launch the stack in your AWS account, then paste its RoleArn output here.',
    )
  }
  forgetCustomerClient(connection.id)
  let stage: 'assume' | 'call' = connection.method === 'role' ? 'assume' : 'call'
  try {
    const ses = await customerSes(connection)
    stage = 'call'
    await ses.send(new GetAccountCommand({}))
    return check(true, null, null)
  } catch (error) {
    forgetCustomerClient(connection.id)
    return failure(error, connection, stage)
  }
}

function failure(error: unknown, connection: AwsConnectionRecord, stage: 'assume' | 'call'): AwsAccountCheck {
  const aws = awsErrorOf(error)
  const name = aws?.name ?? ''
  if (stage === 'assume') {
    if (name === 'AccessDenied' || name === 'AccessDeniedException') {
      return check(
        false,
        'role_not_assumable',
        `SES Studio could not assume ${connection.roleArn}. Check that the stack finished creating, that you pasted the RoleArn output of that stack, and that it was launched with this connection's ExternalId (${connection.externalId}) — a stack launched from another connection's link has a different one.`,
      )
    }
    if (
      name === 'InvalidParameterValue' ||
      name === 'ValidationError' ||
      name === 'MalformedPolicyDocument'
    ) {
      return check(false, 'role_invalid', `AWS refused the role ARN: ${aws?.message}`)
    }
  }
  if (name === 'UnrecognizedClientException' || name === 'InvalidClientTokenId') {
    return check(
      false,
      'keys_invalid',
      'AWS does not recognise this access key id. Check that it was copied whole and that the key is still active in IAM (Users → Security credentials).',
    )
  }
  if (name === 'SignatureDoesNotMatch' || name === 'InvalidSignatureException') {
    return check(
      false,
      'secret_mismatch',
      'The secret access key does not belong to this access key id. Paste the secret shown when the key was created, or create a new key.',
    )
  }
  if (name === 'AccessDeniedException' || name === 'AccessDenied') {
    const action = deniedAction(aws?.message ?? '') ?? 'ses:GetAccount'
    return check(
      false,
      'permission_missing',
      `The credentials work, but are not allowed ${action}. Give them the SES Studio policy (${CUSTOMER_ROLE_ACTIONS.length} actions, listed on this page) and check again.`,
    )
  }
  if (name === 'TooManyRequestsException' || name === 'ThrottlingException' || name === 'Throttling') {
    return check(
      false,
      'throttled',
      'AWS is throttling this account right now; check again in a few seconds.',
    )
  }
  return check(
    false,
    'unreachable',
    `Amazon SES in ${connection.region} did not answer as expected${aws ? ` (${aws.name}: ${aws.message})` : ''}. Check the region and try again.`,
  )
}

/**
 * Runs the live check and stores its outcome and the AWS account number (a role ARN names it; keys learn it from
 * STS GetCallerIdentity). A connection is verified only with its number: publication state is kept by it.
 */
export async function verifyConnection(record: AwsConnectionRecord): Promise<AwsConnectionRecord> {
  let lastCheck = await checkConnection(record)
  const accountNumber = record.roleArn
    ? /^arn:aws[a-z-]*:iam::(\d{12}):/.exec(record.roleArn)?.[1]
    : lastCheck.ok
      ? await customerAccountNumber(record).catch(() => undefined)
      : undefined
  if (lastCheck.ok && !accountNumber) {
    lastCheck = {
      ...lastCheck,
      ok: false,
      code: 'unreachable',
      message:
        'SES answered, but AWS STS did not say which AWS account these credentials belong to (GetCallerIdentity). Check again in a moment.',
    }
  }
  return {
    ...record,
    lastCheck,
    verified: lastCheck.ok,
    awsAccountNumber: accountNumber ?? record.awsAccountNumber,
  }
}
