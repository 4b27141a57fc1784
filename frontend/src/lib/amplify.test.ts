import type { AppConfig } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { amplifyConfigFrom } from './amplify'

const base: AppConfig = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_abc',
  userPoolClientId: 'client123',
  googleSignIn: false,
  apiBaseUrl: '/',
  stage: 'prod',
}

describe('amplifyConfigFrom', () => {
  it('configures the user pool without OAuth when Google sign-in is off', () => {
    const cognito = amplifyConfigFrom(base, 'https://studio.example.com').Auth?.Cognito
    expect(cognito).toMatchObject({ userPoolId: 'eu-west-1_abc', userPoolClientId: 'client123' })
    expect(cognito?.loginWith?.oauth).toBeUndefined()
    expect(cognito).not.toHaveProperty('userPoolEndpoint')
  })

  it('points at the local Cognito proxy when the config names one', () => {
    const config = { ...base, userPoolEndpoint: 'http://localhost:9229' }
    expect(amplifyConfigFrom(config, 'http://localhost:5173').Auth?.Cognito?.userPoolEndpoint).toBe(
      'http://localhost:9229',
    )
  })

  it('adds the hosted UI with Google, returning to /auth/google on this origin', () => {
    const config = { ...base, googleSignIn: true, oauthDomain: 'studio.auth.eu-west-1.amazoncognito.com' }
    const oauth = amplifyConfigFrom(config, 'https://studio.example.com').Auth?.Cognito?.loginWith?.oauth
    expect(oauth).toMatchObject({
      domain: 'studio.auth.eu-west-1.amazoncognito.com',
      redirectSignIn: ['https://studio.example.com/auth/google'],
      redirectSignOut: ['https://studio.example.com/auth/sign-in'],
      responseType: 'code',
      providers: ['Google'],
    })
  })

  it('does not enable OAuth when Google is on but no hosted-UI domain is configured', () => {
    const config = { ...base, googleSignIn: true }
    expect(
      amplifyConfigFrom(config, 'https://studio.example.com').Auth?.Cognito?.loginWith?.oauth,
    ).toBeUndefined()
  })
})
