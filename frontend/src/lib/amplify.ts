import type { AppConfig } from '@app/contracts'
import { Amplify, type ResourcesConfig } from 'aws-amplify'
import { fetchAuthSession } from 'aws-amplify/auth'
import { loadAppConfig } from './app-config'

/** Where the hosted UI sends users back; the user-pool client must list these callback and sign-out URLs. */
export const OAUTH_RETURN_PATH = '/auth/google'
export const OAUTH_SIGN_OUT_PATH = '/auth/sign-in'

export function amplifyConfigFrom(config: AppConfig, origin: string): ResourcesConfig {
  const google = config.googleSignIn && config.oauthDomain
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          ...(google
            ? {
                oauth: {
                  domain: config.oauthDomain as string,
                  scopes: ['openid', 'email', 'profile'],
                  redirectSignIn: [`${origin}${OAUTH_RETURN_PATH}`],
                  redirectSignOut: [`${origin}${OAUTH_SIGN_OUT_PATH}`],
                  responseType: 'code',
                  providers: ['Google'],
                },
              }
            : {}),
        },
      },
    },
  }
}

let configured: Promise<AppConfig> | undefined

/** Reads `/app-config.json` and configures Amplify once; every auth call awaits this first. */
export function configureAmplify(): Promise<AppConfig> {
  if (!configured) {
    configured = loadAppConfig().then((config) => {
      Amplify.configure(amplifyConfigFrom(config, window.location.origin))
      return config
    })
    configured.catch(() => {
      configured = undefined
    })
  }
  return configured
}

/** The current ID token (refreshed by Amplify when it has expired), or undefined when signed out. */
export async function getIdToken(): Promise<string | undefined> {
  await configureAmplify()
  const session = await fetchAuthSession()
  return session.tokens?.idToken?.toString()
}

export async function isSignedIn(): Promise<boolean> {
  return (await getIdToken()) !== undefined
}

/** The signed-in user's email claim, used to create the account on first sign-in. */
export async function signedInEmail(): Promise<string | undefined> {
  await configureAmplify()
  const session = await fetchAuthSession()
  const email = session.tokens?.idToken?.payload.email
  return typeof email === 'string' ? email : undefined
}
