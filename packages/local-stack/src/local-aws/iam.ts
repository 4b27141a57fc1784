import { randomBytes, randomInt } from 'node:crypto'
import type { AccessKey, IamRole, IamUser, LocalAwsAccount, LocalAwsState, RoleSession } from './state'

/** Who signed a request: a long-term key's IAM user, or a role session's temporary credentials. */
export type Principal =
  | { kind: 'user'; accountId: string; arn: string; user: IamUser }
  | { kind: 'role'; accountId: string; arn: string; session: RoleSession; role: IamRole | undefined }

export interface SigningKey {
  secretAccessKey: string
  sessionToken?: string
  principal: Principal
  /** Temporary credentials past their expiration. */
  expired: boolean
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const randomText = (length: number, alphabet = ALPHANUMERIC) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('')

/** `AKIA…` for a user's key, `ASIA…` for temporary credentials (20 characters, like AWS's). */
export const newAccessKeyId = (prefix: 'AKIA' | 'ASIA') => `${prefix}${randomText(16)}`
export const newSecretAccessKey = () => randomBytes(30).toString('base64').replace(/[+/]/g, 'x')

export const userKey = (accountId: string, name: string) => `${accountId}/${name}`
export const userArn = (accountId: string, name: string) => `arn:aws:iam::${accountId}:user/${name}`
export const roleArn = (accountId: string, name: string) => `arn:aws:iam::${accountId}:role/${name}`
export const assumedRoleArn = (accountId: string, role: string, session: string) =>
  `arn:aws:sts::${accountId}:assumed-role/${role}/${session}`

export function parseRoleArn(arn: string): { accountId: string; name: string } | undefined {
  const match = /^arn:aws:iam::(\d{12}):role\/(?:[\w+=,.@-]+\/)*([\w+=,.@-]{1,64})$/.exec(arn)
  return match ? { accountId: match[1] as string, name: match[2] as string } : undefined
}

export function createAccount(state: LocalAwsState, name: string, id?: string): LocalAwsAccount {
  let accountId = id ?? ''
  while (!accountId || (!id && state.accounts[accountId])) accountId = String(randomInt(2e11, 1e12))
  const account = { id: accountId, name, createdAt: new Date().toISOString() }
  state.accounts[accountId] = account
  return account
}

/** A user with one access key; an existing user of that name gets its actions replaced and a new key. */
export function createUser(
  state: LocalAwsState,
  accountId: string,
  name: string,
  actions: string[],
  key?: { accessKeyId: string; secretAccessKey: string },
): { user: IamUser; key: AccessKey } {
  const now = new Date().toISOString()
  const accessKey: AccessKey = {
    accessKeyId: key?.accessKeyId ?? newAccessKeyId('AKIA'),
    secretAccessKey: key?.secretAccessKey ?? newSecretAccessKey(),
    createdAt: now,
  }
  const existing = state.users[userKey(accountId, name)]
  const user: IamUser = existing
    ? { ...existing, actions, accessKeys: [...existing.accessKeys, accessKey] }
    : { accountId, name, actions, accessKeys: [accessKey], createdAt: now }
  state.users[userKey(accountId, name)] = user
  return { user, key: accessKey }
}

export function putRole(state: LocalAwsState, role: Omit<IamRole, 'createdAt'>): IamRole {
  const stored = { ...role, createdAt: new Date().toISOString() }
  state.roles[userKey(role.accountId, role.name)] = stored
  return stored
}

/** The secret (and session token) that signs for an access key id, and whose it is. */
export function findSigningKey(
  state: LocalAwsState,
  accessKeyId: string,
  now: number,
): SigningKey | undefined {
  const session = state.sessions[accessKeyId]
  if (session) {
    const role = state.roles[userKey(session.accountId, session.roleName)]
    return {
      secretAccessKey: session.secretAccessKey,
      sessionToken: session.sessionToken,
      expired: session.expiresAt <= now,
      principal: {
        kind: 'role',
        accountId: session.accountId,
        arn: assumedRoleArn(session.accountId, session.roleName, session.sessionName),
        session,
        role,
      },
    }
  }
  for (const user of Object.values(state.users)) {
    const key = user.accessKeys.find((candidate) => candidate.accessKeyId === accessKeyId)
    if (key)
      return {
        secretAccessKey: key.secretAccessKey,
        expired: false,
        principal: { kind: 'user', accountId: user.accountId, arn: userArn(user.accountId, user.name), user },
      }
  }
  return undefined
}

/** Whether the principal's identity policy allows `service:Action` (exact, `service:*` or `*`). */
export function isAllowed(principal: Principal, action: string): boolean {
  const actions = principal.kind === 'user' ? principal.user.actions : (principal.role?.actions ?? [])
  const service = action.split(':')[0]
  const lower = action.toLowerCase()
  return actions.some(
    (allowed) => allowed === '*' || allowed === `${service}:*` || allowed.toLowerCase() === lower,
  )
}

export function startSession(
  state: LocalAwsState,
  role: IamRole,
  sessionName: string,
  durationSeconds: number,
  now: number,
): RoleSession {
  for (const [id, old] of Object.entries(state.sessions)) if (old.expiresAt < now) delete state.sessions[id]
  const session: RoleSession = {
    accessKeyId: newAccessKeyId('ASIA'),
    secretAccessKey: newSecretAccessKey(),
    sessionToken: `IQoJb3JpZ2luX2VjE${randomBytes(96).toString('base64')}`,
    accountId: role.accountId,
    roleName: role.name,
    sessionName,
    expiresAt: now + durationSeconds * 1000,
  }
  state.sessions[session.accessKeyId] = session
  return session
}

/** A stable role id (`AROA…`) derived from the role, as AWS shows in `AssumedRoleId`. */
export const roleId = (role: IamRole) =>
  `AROA${Buffer.from(`${role.accountId}${role.name}`).toString('hex').toUpperCase().slice(0, 17)}`
