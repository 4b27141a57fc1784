import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { cognito } from '../aws'
import { coreEnv } from '../env'
import { AppError } from '../errors'

/** The user pool, through its admin API: the only place the product changes sign-in state. */

export interface IdentityUser {
  username: string
  sub: string
  email: string
  emailVerified: boolean
}

export async function findIdentityUser(usernameOrEmail: string): Promise<IdentityUser | undefined> {
  try {
    const user = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: coreEnv().userPoolId, Username: usernameOrEmail }),
    )
    const attribute = (name: string) => user.UserAttributes?.find((item) => item.Name === name)?.Value
    return {
      username: user.Username ?? usernameOrEmail,
      sub: attribute('sub') ?? '',
      email: attribute('email') ?? usernameOrEmail,
      emailVerified: attribute('email_verified') === 'true',
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return undefined
    throw error
  }
}

export async function setIdentityPassword(username: string, password: string): Promise<void> {
  try {
    await cognito().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: coreEnv().userPoolId,
        Username: username,
        Password: password,
        Permanent: true,
      }),
    )
  } catch (error) {
    if (error instanceof Error && error.name === 'InvalidPasswordException') {
      throw new AppError('auth.password_policy', error.message)
    }
    throw error
  }
}

export async function markIdentityEmailVerified(username: string): Promise<void> {
  await cognito().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: coreEnv().userPoolId,
      Username: username,
      UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
    }),
  )
}

export async function deleteIdentityUser(username: string): Promise<void> {
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: coreEnv().userPoolId, Username: username }))
  } catch (error) {
    if (!(error instanceof Error && error.name === 'UserNotFoundException')) throw error
  }
}
