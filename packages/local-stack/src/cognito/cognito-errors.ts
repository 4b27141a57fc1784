/** An error answered in Cognito's own shape (`__type`, `message`, `x-amzn-errortype`). */
export class CognitoFailure extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message)
  }
}

export const incorrectUsernameOrPassword = () =>
  new CognitoFailure('NotAuthorizedException', 'Incorrect username or password.')

export const invalidRefreshToken = () => new CognitoFailure('NotAuthorizedException', 'Invalid Refresh Token')

export const unverifiedResetRefused = () =>
  new CognitoFailure(
    'InvalidParameterException',
    'Cannot reset password for the user as there is no registered/verified email or phone_number',
  )

export const usernameExists = () =>
  new CognitoFailure('UsernameExistsException', 'An account with the given email already exists.')
