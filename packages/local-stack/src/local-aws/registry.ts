import { CUSTOMER_ROLE_ACTIONS, CUSTOMER_ROLE_NAME } from '@app/contracts'
import { roleFromTemplate, TemplateError } from './cloudformation'
import { createAccount, createUser, putRole, roleArn, userArn, userKey } from './iam'
import { sesAccount } from './ses/account'
import type { IamRole, LocalAwsState } from './state'

/** The seeded customer's IAM user: what a local user pastes into SES Studio's "access key" form. */
export const DEMO_USER = 'ses-studio-demo'
export const DEMO_ACTIONS = ['ses:*', 'sns:*']
export const PLATFORM_USER = 'ses-studio-local'

export interface Seed {
  platformAccountId: string
  platformCredentials: { accessKeyId: string; secretAccessKey: string }
  demoAccountId: string
  region: string
}

/**
 * The platform account with its user for the local credentials (every start, so the fixed key always works),
 * and on first start one demo customer account in the SES sandbox with an access key allowed `ses:*`, `sns:*`.
 */
export function seedAccounts(state: LocalAwsState, seed: Seed): void {
  const firstStart = Object.keys(state.accounts).length === 0
  if (!state.accounts[seed.platformAccountId]) {
    createAccount(state, 'SES Studio (platform)', seed.platformAccountId).platform = true
  }
  const platformUser = state.users[userKey(seed.platformAccountId, PLATFORM_USER)]
  if (!platformUser?.accessKeys.some((key) => key.accessKeyId === seed.platformCredentials.accessKeyId))
    createUser(state, seed.platformAccountId, PLATFORM_USER, ['*'], seed.platformCredentials)
  sesAccount(state, seed.platformAccountId, seed.region, true)
  if (firstStart) {
    createAccount(state, 'Demo customer', seed.demoAccountId)
    createUser(state, seed.demoAccountId, DEMO_USER, DEMO_ACTIONS)
    sesAccount(state, seed.demoAccountId, seed.region)
  }
}

/** The demo customer's first access key (the console shows it too). */
export function demoCredentials(state: LocalAwsState, accountId: string) {
  const key = state.users[userKey(accountId, DEMO_USER)]?.accessKeys[0]
  return {
    accountId,
    userName: DEMO_USER,
    accessKeyId: key?.accessKeyId ?? '',
    secretAccessKey: key?.secretAccessKey ?? '',
  }
}

export interface NewCredentials {
  accountId: string
  userName: string
  arn: string
  accessKeyId: string
  secretAccessKey: string
}

export function createCustomerAccount(
  state: LocalAwsState,
  options: { name?: string; actions?: string[]; region: string },
): NewCredentials {
  const account = createAccount(state, options.name ?? 'Test customer')
  sesAccount(state, account.id, options.region)
  return addUser(state, account.id, DEMO_USER, options.actions ?? DEMO_ACTIONS)
}

export function addUser(
  state: LocalAwsState,
  accountId: string,
  name: string,
  actions: string[],
): NewCredentials {
  const { key } = createUser(state, accountId, name, actions)
  return {
    accountId,
    userName: name,
    arn: userArn(accountId, name),
    accessKeyId: key.accessKeyId,
    secretAccessKey: key.secretAccessKey,
  }
}

export interface RoleRequest {
  accountId: string
  region: string
  externalId: string
  /** The account the role trusts (default: the platform's). */
  trustedAccountId: string
  actions?: string[]
  name?: string
}

/** A role like the customer-role template's, without CloudFormation (test helper); replaces one of that name. */
export function putCustomerRole(state: LocalAwsState, request: RoleRequest): IamRole {
  return putRole(state, {
    accountId: request.accountId,
    name: request.name ?? `${CUSTOMER_ROLE_NAME}-${request.region}`,
    trustedAccountIds: [request.trustedAccountId],
    externalId: request.externalId,
    actions: request.actions ?? [...CUSTOMER_ROLE_ACTIONS],
    maxSessionDuration: 3600,
  })
}

export interface StackRequest {
  accountId: string
  region: string
  stackName: string
  templateUrl: string
  parameters: Record<string, string>
  /** Replace a role of the same name (test helper) instead of failing like CloudFormation. */
  replace?: boolean
}

/** What CloudFormation does with the quick-create link: fetch the template and create its role. */
export async function deployRoleStack(
  state: LocalAwsState,
  request: StackRequest,
): Promise<{ role: IamRole; outputs: Record<string, string> }> {
  if (!state.accounts[request.accountId]) throw new TemplateError(`No local account ${request.accountId}.`)
  let template: unknown
  try {
    const response = await fetch(request.templateUrl)
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    template = await response.json()
  } catch (error) {
    throw new TemplateError(
      `TemplateURL must be a reachable JSON template (${request.templateUrl}: ${error instanceof Error ? error.message : String(error)}).`,
    )
  }
  const parsed = roleFromTemplate(template, request)
  const existing = state.roles[userKey(request.accountId, parsed.name)]
  if (existing && !request.replace) {
    throw new TemplateError(
      existing.stackName
        ? `Stack [${existing.stackName}] already created role ${parsed.name} in this account. Delete that stack first.`
        : `Resource of type 'AWS::IAM::Role' with identifier '${parsed.name}' already exists.`,
    )
  }
  const role = putRole(state, {
    accountId: request.accountId,
    name: parsed.name,
    trustedAccountIds: parsed.trustedAccountIds,
    externalId: parsed.externalId,
    actions: parsed.actions,
    maxSessionDuration: parsed.maxSessionDuration,
    stackName: request.stackName,
  })
  return { role, outputs: parsed.outputs }
}

export function deleteRole(state: LocalAwsState, accountId: string, name: string): boolean {
  const key = userKey(accountId, name)
  if (!state.roles[key]) return false
  delete state.roles[key]
  return true
}

/** An account's users (with keys), roles and SES regions: the console's and the test helpers' view. */
export function describeAccount(state: LocalAwsState, accountId: string) {
  const account = state.accounts[accountId]
  if (!account) return undefined
  return {
    ...account,
    users: Object.values(state.users)
      .filter((user) => user.accountId === accountId)
      .map((user) => ({ ...user, arn: userArn(accountId, user.name) })),
    roles: Object.values(state.roles)
      .filter((role) => role.accountId === accountId)
      .map((role) => ({ ...role, arn: roleArn(accountId, role.name) })),
    ses: Object.values(state.ses).filter((ses) => ses.accountId === accountId),
  }
}
