import {
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { cognitoClient, signIn, signUp } from '../testing/cognito-users'
import { injectLocalStack } from '../testing/inject-local-stack'
import { mintIdToken } from '../testing/local-tokens'
import { TEST_PASSWORD, uniqueEmail } from '../testing/unique-email'

const stack = injectLocalStack()
const cognito = cognitoClient(stack)
const clientId = stack.userPoolClientId

async function failure(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await promise
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message }
  }
  throw new Error('expected the call to fail')
}

describe('sign-up', () => {
  it('is confirmed by the pre-sign-up trigger, with the address left unverified', async () => {
    const email = uniqueEmail('signup')
    const answer = await cognito.send(
      new SignUpCommand({ ClientId: clientId, Username: email, Password: TEST_PASSWORD }),
    )
    expect(answer.UserConfirmed).toBe(true)
    const user = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }),
    )
    expect(user.UserStatus).toBe('CONFIRMED')
    expect(user.UserAttributes?.find((attribute) => attribute.Name === 'email_verified')?.Value).not.toBe(
      'true',
    )
  })

  it.each([
    ['Sh0rt!', 'Password not long enough'],
    ['alllowercase1!', 'Password must have uppercase characters'],
    ['ALLUPPERCASE1!', 'Password must have lowercase characters'],
    ['NoDigitsHere!', 'Password must have numeric characters'],
    ['NoSymbols123', 'Password must have symbol characters'],
  ])('refuses %s as Cognito does', async (password, reason) => {
    const refused = await failure(
      cognito.send(new SignUpCommand({ ClientId: clientId, Username: uniqueEmail(), Password: password })),
    )
    expect(refused).toEqual({
      name: 'InvalidPasswordException',
      message: `Password did not conform with policy: ${reason}`,
    })
  })

  it('refuses an address that already has an account, whatever its case', async () => {
    const { email } = await signUp(stack)
    const refused = await failure(
      cognito.send(
        new SignUpCommand({ ClientId: clientId, Username: email.toUpperCase(), Password: TEST_PASSWORD }),
      ),
    )
    expect(refused).toEqual({
      name: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    })
  })
})

describe('sign-in', () => {
  it('says NotAuthorizedException for a wrong password and for an unknown user alike', async () => {
    const { email } = await signUp(stack)
    const expected = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' }
    expect(await failure(signIn(stack, { email, password: `${TEST_PASSWORD}x` }))).toEqual(expected)
    expect(await failure(signIn(stack, { email: uniqueEmail('nobody'), password: TEST_PASSWORD }))).toEqual(
      expected,
    )
  })

  it('refuses SRP, which the app does not use', async () => {
    const refused = await failure(
      cognito.send(
        new InitiateAuthCommand({
          ClientId: clientId,
          AuthFlow: 'USER_SRP_AUTH',
          AuthParameters: { USERNAME: 'x' },
        }),
      ),
    )
    expect(refused.name).toBe('InvalidParameterException')
  })

  it('issues tokens the API authorizer accepts: issuer, audience and the JWKS behind the proxy', async () => {
    const user = await signUp(stack)
    const jwks = createRemoteJWKSet(new URL(stack.jwksUrl))
    const { payload } = await jwtVerify(user.idToken, jwks, {
      issuer: stack.cognitoIssuer,
      audience: clientId,
    })
    expect(payload.token_use).toBe('id')
    expect(payload.email).toBe(user.email)
    const discovery = await (await fetch(`${stack.cognitoIssuer}/.well-known/openid-configuration`)).json()
    expect(discovery).toMatchObject({ issuer: stack.cognitoIssuer, jwks_uri: stack.jwksUrl })
  })
})

describe('token refresh', () => {
  it('answers GetTokensFromRefreshToken (Amplify’s refresh) with fresh tokens', async () => {
    const user = await signUp(stack)
    const { AuthenticationResult } = await cognito.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: user.refreshToken }),
    )
    expect(AuthenticationResult?.TokenType).toBe('Bearer')
    expect(AuthenticationResult?.ExpiresIn).toBe(3600)
    const idToken = AuthenticationResult?.IdToken ?? ''
    expect(decodeJwt(idToken).sub).toBe(user.sub)
    const jwks = createRemoteJWKSet(new URL(stack.jwksUrl))
    await expect(
      jwtVerify(idToken, jwks, { issuer: stack.cognitoIssuer, audience: clientId }),
    ).resolves.toBeTruthy()
  })

  it('refuses an unknown refresh token', async () => {
    expect(
      await failure(
        cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: 'nope' })),
      ),
    ).toEqual({ name: 'NotAuthorizedException', message: 'Invalid Refresh Token' })
  })
})

describe('password reset through Cognito', () => {
  it('is refused for an address that was never verified, as real Cognito refuses it', async () => {
    const { email } = await signUp(stack)
    expect(
      await failure(cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email }))),
    ).toEqual({
      name: 'InvalidParameterException',
      message: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
    })
  })

  it('works for a verified address, with the password policy applied to the new password', async () => {
    const { email } = await signUp(stack)
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: stack.userPoolId,
        Username: email,
        UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
      }),
    )
    const { CodeDeliveryDetails } = await cognito.send(
      new ForgotPasswordCommand({ ClientId: clientId, Username: email }),
    )
    expect(CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL')
    const weak = await failure(
      cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId: clientId,
          Username: email,
          ConfirmationCode: '000000',
          Password: 'weak',
        }),
      ),
    )
    expect(weak.name).toBe('InvalidPasswordException')
  })

  it('does not reveal that an address has no account', async () => {
    const { CodeDeliveryDetails } = await cognito.send(
      new ForgotPasswordCommand({ ClientId: clientId, Username: uniqueEmail('ghost') }),
    )
    expect(CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL')
  })
})

describe('calls with an access token', () => {
  it('changes the password only with the right old one and a policy-conforming new one', async () => {
    const user = await signUp(stack)
    const change = (previous: string, proposed: string) =>
      cognito.send(
        new ChangePasswordCommand({
          AccessToken: user.accessToken,
          PreviousPassword: previous,
          ProposedPassword: proposed,
        }),
      )
    expect((await failure(change(user.password, 'weak'))).name).toBe('InvalidPasswordException')
    expect(await failure(change('Wrong-Passw0rd', 'Another-Passw0rd'))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    })
    await change(user.password, 'Another-Passw0rd')
    await expect(signIn(stack, { email: user.email, password: 'Another-Passw0rd' })).resolves.toBeTruthy()
  })

  it('refuses an access token that is forged or not an access token', async () => {
    const refused = await failure(cognito.send(new GetUserCommand({ AccessToken: await mintIdToken(stack) })))
    expect(refused).toEqual({ name: 'NotAuthorizedException', message: 'Invalid Access Token' })
  })
})

describe('wire format', () => {
  it('answers errors in Cognito’s JSON shape with CORS for the browser', async () => {
    const response = await fetch(stack.cognitoEndpoint, {
      method: 'POST',
      headers: {
        origin: stack.appUrl,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: uniqueEmail('nobody'), PASSWORD: TEST_PASSWORD },
      }),
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('x-amzn-errortype')).toBe('NotAuthorizedException:')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-expose-headers')).toContain('x-amzn-errortype')
    expect(await response.json()).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    })
  })

  it('answers the browser’s preflight', async () => {
    const response = await fetch(stack.cognitoEndpoint, {
      method: 'OPTIONS',
      headers: {
        origin: stack.appUrl,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'content-type,x-amz-target,x-amz-user-agent',
    )
  })
})
