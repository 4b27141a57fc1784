import { randomUUID } from 'node:crypto'
import { isAllowed, type Principal, parseRoleArn, roleId, startSession, userKey } from './iam'
import { AwsError, accessDenied } from './protocol'
import type { LocalAwsState } from './state'

export const STS_ACTIONS = new Set(['AssumeRole', 'GetCallerIdentity'])

const validation = (message: string) => new AwsError(400, 'ValidationError', message)
const constraint = (value: string, field: string, rule: string) =>
  validation(
    `1 validation error detected: Value '${value}' at '${field}' failed to satisfy constraint: ${rule}`,
  )

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

function xmlResponse(action: string, result: string): string {
  return `<${action}Response xmlns="https://sts.amazonaws.com/doc/2011-06-15/">\n  <${action}Result>\n${result}  </${action}Result>\n  <ResponseMetadata>\n    <RequestId>${randomUUID()}</RequestId>\n  </ResponseMetadata>\n</${action}Response>\n`
}

/**
 * STS's `AssumeRole` as IAM decides it: the caller's identity policy must allow `sts:AssumeRole`, the role must
 * exist and trust the caller's account, and the ExternalId must be the one in the trust policy. Every refusal
 * is the same `AccessDenied`, as AWS gives it (it does not say which check failed).
 */
export function handleSts(
  state: LocalAwsState,
  action: string,
  params: URLSearchParams,
  principal: Principal,
  now: number,
): string {
  if (params.has('Version') && params.get('Version') !== '2011-06-15')
    throw new AwsError(
      400,
      'InvalidAction',
      `Could not find operation ${action} for version ${params.get('Version')}`,
    )
  if (action === 'GetCallerIdentity') {
    const userId =
      principal.kind === 'user'
        ? `AIDA${Buffer.from(principal.arn).toString('hex').toUpperCase().slice(0, 17)}`
        : `${principal.role ? roleId(principal.role) : 'AROA'}:${principal.session.sessionName}`
    return xmlResponse(
      'GetCallerIdentity',
      `    <Arn>${escapeXml(principal.arn)}</Arn>\n    <UserId>${userId}</UserId>\n    <Account>${principal.accountId}</Account>\n`,
    )
  }
  if (action !== 'AssumeRole')
    throw new AwsError(400, 'InvalidAction', `Could not find operation ${action} for version 2011-06-15`)

  const arn = params.get('RoleArn') ?? ''
  const sessionName = params.get('RoleSessionName') ?? ''
  const externalId = params.get('ExternalId')
  const duration = params.has('DurationSeconds') ? Number(params.get('DurationSeconds')) : 3600
  if (arn.length < 20) throw constraint(arn, 'roleArn', 'Member must have length greater than or equal to 20')
  if (!/^[\w+=,.@-]{2,64}$/.test(sessionName))
    throw constraint(
      sessionName,
      'roleSessionName',
      'Member must satisfy regular expression pattern: [\\w+=,.@-]*',
    )
  if (externalId !== null && !/^[\w+=,.@:/-]{2,1224}$/.test(externalId))
    throw constraint(
      externalId,
      'externalId',
      'Member must satisfy regular expression pattern: [\\w+=,.@:\\/-]*',
    )
  if (!Number.isInteger(duration) || duration < 900)
    throw constraint(
      String(params.get('DurationSeconds')),
      'durationSeconds',
      'Member must have value greater than or equal to 900',
    )

  const parsed = parseRoleArn(arn)
  if (!parsed) throw validation(`${arn} is invalid`)
  const role = state.roles[userKey(parsed.accountId, parsed.name)]
  const denied = () => accessDenied('sts', principal.arn, 'sts:AssumeRole', arn)
  if (!isAllowed(principal, 'sts:AssumeRole') || !role) throw denied()
  if (!role.trustedAccountIds.includes(principal.accountId)) throw denied()
  if (role.externalId !== null && role.externalId !== externalId) throw denied()
  if (duration > role.maxSessionDuration)
    throw validation('The requested DurationSeconds exceeds the MaxSessionDuration set for this role.')

  const session = startSession(state, role, sessionName, duration, now)
  const expiration = new Date(session.expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z')
  return xmlResponse(
    'AssumeRole',
    `    <AssumedRoleUser>\n      <AssumedRoleId>${roleId(role)}:${escapeXml(sessionName)}</AssumedRoleId>\n      <Arn>arn:aws:sts::${role.accountId}:assumed-role/${escapeXml(role.name)}/${escapeXml(sessionName)}</Arn>\n    </AssumedRoleUser>\n    <Credentials>\n      <AccessKeyId>${session.accessKeyId}</AccessKeyId>\n      <SecretAccessKey>${escapeXml(session.secretAccessKey)}</SecretAccessKey>\n      <SessionToken>${escapeXml(session.sessionToken)}</SessionToken>\n      <Expiration>${expiration}</Expiration>\n    </Credentials>\n    <PackedPolicySize>6</PackedPolicySize>\n`,
  )
}
