import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { decodeJwt } from 'jose'
import type { LocalStackConfig } from '../config'
import { TEST_PASSWORD, uniqueEmail } from './unique-email'

export interface TestUser {
  email: string
  password: string
  idToken: string
  accessToken: string
  refreshToken: string
  sub: string
}

const clients = new Map<string, CognitoIdentityProviderClient>()

/** The real Cognito SDK pointed at the local Cognito proxy (the endpoint the app uses). */
export function cognitoClient(config: LocalStackConfig): CognitoIdentityProviderClient {
  let client = clients.get(config.cognitoEndpoint)
  if (!client) {
    client = new CognitoIdentityProviderClient({
      region: config.region,
      endpoint: config.cognitoEndpoint,
      credentials: { ...config.credentials },
    })
    clients.set(config.cognitoEndpoint, client)
  }
  return client
}

/** Signs up through the proxy (the pre-sign-up trigger confirms the user), then signs in. */
export async function signUp(
  config: LocalStackConfig,
  { email = uniqueEmail(), password = TEST_PASSWORD }: { email?: string; password?: string } = {},
): Promise<TestUser> {
  const { UserConfirmed } = await cognitoClient(config).send(
    new SignUpCommand({ ClientId: config.userPoolClientId, Username: email, Password: password }),
  )
  if (!UserConfirmed) throw new Error(`SignUp of ${email} was not auto-confirmed by the pre-sign-up trigger`)
  return signIn(config, { email, password })
}

/** USER_PASSWORD_AUTH, the one flow the app uses. */
export async function signIn(
  config: LocalStackConfig,
  { email, password }: { email: string; password: string },
): Promise<TestUser> {
  const { AuthenticationResult: result } = await cognitoClient(config).send(
    new InitiateAuthCommand({
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  )
  if (!result?.IdToken || !result.AccessToken || !result.RefreshToken)
    throw new Error(`Sign-in of ${email} returned no tokens`)
  return {
    email,
    password,
    idToken: result.IdToken,
    accessToken: result.AccessToken,
    refreshToken: result.RefreshToken,
    sub: String(decodeJwt(result.IdToken).sub),
  }
}
