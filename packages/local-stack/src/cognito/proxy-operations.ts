import { decodeJwt } from 'jose'
import {
  CognitoFailure,
  incorrectUsernameOrPassword,
  invalidRefreshToken,
  unverifiedResetRefused,
  usernameExists,
} from './cognito-errors'
import { type CognitoMessage, type CognitoUpstream, isFailure } from './cognito-upstream'
import { checkPassword } from './password-policy'

export interface OperationContext {
  upstream: CognitoUpstream
  userPoolId: string
  /** Rejects an access token the way Cognito does (`NotAuthorizedException`). */
  verifyAccessToken(token: string): Promise<void>
}

type Operation = (input: CognitoMessage, context: OperationContext) => Promise<CognitoMessage>

/**
 * One Cognito API call through the proxy: Cognito's rules that cognito-local skips are enforced here, the
 * rest passes through unchanged. The pool mirrors the deployed one (`PreventUserExistenceErrors: ENABLED`,
 * case-insensitive email usernames).
 */
export async function runOperation(
  operation: string,
  input: CognitoMessage,
  context: OperationContext,
): Promise<CognitoMessage> {
  normaliseUsernames(input)
  if (typeof input.AccessToken === 'string') await context.verifyAccessToken(input.AccessToken)
  const override = OPERATIONS[operation]
  return override ? override(input, context) : context.upstream.call(operation, input)
}

const OPERATIONS: Record<string, Operation> = {
  async SignUp(input, { upstream }) {
    refuseBadPassword(input.Password, 'password')
    try {
      return await upstream.call('SignUp', input)
    } catch (error) {
      if (isFailure(error, 'UsernameExistsException')) throw usernameExists()
      throw error
    }
  },

  InitiateAuth: initiateAuth,

  // Amplify refreshes with this call, which cognito-local lacks: answer it with a refresh-token InitiateAuth.
  async GetTokensFromRefreshToken(input, context) {
    const answer = await initiateAuth(
      {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: input.ClientId,
        AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
        ClientMetadata: input.ClientMetadata,
      },
      context,
    )
    return { AuthenticationResult: answer.AuthenticationResult }
  },

  async ForgotPassword(input, { upstream, userPoolId }) {
    let user: CognitoMessage
    try {
      user = await upstream.call('AdminGetUser', { UserPoolId: userPoolId, Username: input.Username })
    } catch (error) {
      if (isFailure(error, 'UserNotFoundException')) return simulatedCodeDelivery(String(input.Username))
      throw error
    }
    if (attribute(user, 'email_verified') !== 'true') throw unverifiedResetRefused()
    return upstream.call('ForgotPassword', input)
  },

  async ConfirmForgotPassword(input, { upstream }) {
    refuseBadPassword(input.Password, 'password')
    return upstream.call('ConfirmForgotPassword', input)
  },

  async ChangePassword(input, { upstream }) {
    refuseBadPassword(input.ProposedPassword, 'proposedPassword')
    try {
      return await upstream.call('ChangePassword', input)
    } catch (error) {
      if (isFailure(error, 'InvalidPasswordException')) throw incorrectUsernameOrPassword()
      throw error
    }
  },

  async AdminSetUserPassword(input, { upstream }) {
    refuseBadPassword(input.Password, 'password')
    return upstream.call('AdminSetUserPassword', input)
  },

  // Cognito lets an admin mark the address verified on its own; cognito-local wants the email in the same call.
  async AdminUpdateUserAttributes(input, { upstream }) {
    const attributes = (input.UserAttributes ?? []) as { Name?: string; Value?: string }[]
    const names = new Set(attributes.map((item) => item.Name))
    if (names.has('email_verified') && !names.has('email')) {
      const user = await upstream.call('AdminGetUser', {
        UserPoolId: input.UserPoolId,
        Username: input.Username,
      })
      const email = attribute(user, 'email')
      if (email) input.UserAttributes = [{ Name: 'email', Value: email }, ...attributes]
    }
    return upstream.call('AdminUpdateUserAttributes', input)
  },

  async RespondToAuthChallenge(input, { upstream }) {
    const responses = (input.ChallengeResponses ?? {}) as CognitoMessage
    if (input.ChallengeName === 'NEW_PASSWORD_REQUIRED') refuseBadPassword(responses.NEW_PASSWORD, 'password')
    return completeAuthenticationResult(await upstream.call('RespondToAuthChallenge', input))
  },
}

async function initiateAuth(input: CognitoMessage, { upstream }: OperationContext): Promise<CognitoMessage> {
  const flow = String(input.AuthFlow)
  if (!['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN'].includes(flow))
    throw new CognitoFailure('InvalidParameterException', `${flow} flow not enabled for this client`)
  try {
    return completeAuthenticationResult(await upstream.call('InitiateAuth', input))
  } catch (error) {
    // cognito-local says InvalidPasswordException for a wrong password; Cognito never tells which part was wrong.
    if (
      flow === 'USER_PASSWORD_AUTH' &&
      isFailure(error, 'InvalidPasswordException', 'NotAuthorizedException', 'UserNotFoundException')
    )
      throw incorrectUsernameOrPassword()
    if (flow !== 'USER_PASSWORD_AUTH' && isFailure(error, 'NotAuthorizedException'))
      throw invalidRefreshToken()
    throw error
  }
}

function refuseBadPassword(password: unknown, field: string): void {
  const failure = checkPassword(password, field)
  if (failure) throw failure
}

/** The local pool, like the deployed one, treats email usernames case-insensitively. */
function normaliseUsernames(input: CognitoMessage): void {
  const lower = (value: unknown) =>
    typeof value === 'string' && value.includes('@') ? value.toLowerCase() : value
  if ('Username' in input) input.Username = lower(input.Username)
  const auth = input.AuthParameters as CognitoMessage | undefined
  if (auth && 'USERNAME' in auth) auth.USERNAME = lower(auth.USERNAME)
  if (Array.isArray(input.UserAttributes))
    for (const item of input.UserAttributes as { Name?: string; Value?: unknown }[])
      if (item.Name === 'email') item.Value = lower(item.Value)
}

/** cognito-local leaves TokenType and ExpiresIn out of some answers; Cognito always sends them. */
function completeAuthenticationResult(answer: CognitoMessage): CognitoMessage {
  const result = answer.AuthenticationResult as CognitoMessage | undefined
  if (!result || typeof result.AccessToken !== 'string') return answer
  const { exp, iat } = decodeJwt(result.AccessToken)
  const expiresIn = exp && iat ? exp - iat : 3600
  const completed = {
    ...result,
    TokenType: result.TokenType ?? 'Bearer',
    ExpiresIn: result.ExpiresIn ?? expiresIn,
  }
  return { ...answer, AuthenticationResult: stripUndefined(completed) }
}

function stripUndefined(message: CognitoMessage): CognitoMessage {
  return Object.fromEntries(Object.entries(message).filter(([, value]) => value !== undefined))
}

function attribute(user: CognitoMessage, name: string): string | undefined {
  const attributes = (user.UserAttributes ?? []) as { Name: string; Value?: string }[]
  return attributes.find((item) => item.Name === name)?.Value
}

/** What Cognito answers for an unknown user when it must not reveal that the user does not exist. */
function simulatedCodeDelivery(username: string): CognitoMessage {
  const [local = '', domain = ''] = username.split('@')
  return {
    CodeDeliveryDetails: {
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`,
    },
  }
}
