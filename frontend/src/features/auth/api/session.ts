import { signIn, signInWithRedirect, signOut, signUp } from 'aws-amplify/auth'
import { configureAmplify } from '../../../lib/amplify'

export interface Credentials {
  email: string
  password: string
}

/** Raised when Cognito wants a step this app does not offer (it should not happen with our pool settings). */
export class UnsupportedAuthStepError extends Error {
  override name = 'UnsupportedAuthStepError'
}

async function passwordSignIn({ email, password }: Credentials) {
  // cognito-local has no SRP, so the password flow is used everywhere: what is tested locally is what runs.
  return signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } })
}

export async function signInWithPassword(credentials: Credentials): Promise<void> {
  await configureAmplify()
  let result: Awaited<ReturnType<typeof passwordSignIn>>
  try {
    result = await passwordSignIn(credentials)
  } catch (error) {
    // A stale session from another user (or a half-finished earlier attempt) blocks a new sign-in.
    if ((error as Error | null)?.name !== 'UserAlreadyAuthenticatedException') throw error
    await signOut()
    result = await passwordSignIn(credentials)
  }
  if (!result.isSignedIn) {
    throw new UnsupportedAuthStepError(
      `Sign-in needs a step this app does not support (${result.nextStep.signInStep}).`,
    )
  }
}

/** Creates the user (the pre-sign-up trigger confirms it, so there is no code step) and signs them in. */
export async function signUpWithPassword(credentials: Credentials): Promise<void> {
  await configureAmplify()
  const email = credentials.email.trim().toLowerCase()
  const { nextStep } = await signUp({
    username: email,
    password: credentials.password,
    options: { userAttributes: { email } },
  })
  if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
    throw new UnsupportedAuthStepError(
      'Your account was created but needs confirmation before you can sign in.',
    )
  }
  await signInWithPassword({ email, password: credentials.password })
}

export async function signOutOfThisBrowser(): Promise<void> {
  await configureAmplify()
  await signOut()
}

export async function startGoogleSignIn(): Promise<void> {
  await configureAmplify()
  await signInWithRedirect({ provider: 'Google' })
}
