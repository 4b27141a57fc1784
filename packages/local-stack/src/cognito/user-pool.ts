import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { PASSWORD_POLICY } from '@app/contracts'
import {
  type CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider'
import { USER_POOL_NAME } from '../local-names'

export interface UserPoolIds {
  userPoolId: string
  userPoolClientId: string
}

/**
 * The local user pool and its web client, created once and remembered in `idsFile` so every restart (and the
 * tokens of signed-in browsers) keeps the same ids. Mirrors the deployed pool: email as username, email
 * auto-verified attribute, the contracts' password policy, a public client with USER_PASSWORD_AUTH + refresh.
 */
export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  idsFile: string,
): Promise<UserPoolIds> {
  const remembered = readIds(idsFile)
  if (remembered && (await exists(client, remembered))) return remembered

  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: USER_POOL_NAME,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_POLICY.minimumLength,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
          RequireSymbols: PASSWORD_POLICY.requireSymbols,
        },
      },
    }),
  )
  const userPoolId = UserPool?.Id
  if (!userPoolId) throw new Error('cognito-local created a user pool without an id')
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'ENABLED',
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    }),
  )
  const userPoolClientId = UserPoolClient?.ClientId
  if (!userPoolClientId) throw new Error('cognito-local created a user pool client without an id')
  const ids = { userPoolId, userPoolClientId }
  writeFileSync(idsFile, `${JSON.stringify(ids, null, 2)}\n`)
  return ids
}

function readIds(idsFile: string): UserPoolIds | undefined {
  if (!existsSync(idsFile)) return undefined
  const ids = JSON.parse(readFileSync(idsFile, 'utf8')) as Partial<UserPoolIds>
  return ids.userPoolId && ids.userPoolClientId
    ? { userPoolId: ids.userPoolId, userPoolClientId: ids.userPoolClientId }
    : undefined
}

async function exists(client: CognitoIdentityProviderClient, ids: UserPoolIds): Promise<boolean> {
  try {
    await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }))
    await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.userPoolClientId }),
    )
    return true
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false
    throw error
  }
}
