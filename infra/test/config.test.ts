import { App } from 'aws-cdk-lib'
import { describe, expect, test } from 'vitest'
import { DeployConfigError, PLACEHOLDER_MAIL_FROM, parseMailFrom, readDeployConfig } from '../lib/config'

const read = (context: Record<string, string>) => readDeployConfig(new App({ context }).node)
const GOOGLE = {
  googleClientId: 'id.apps.googleusercontent.com',
  googleClientSecretName: 'ses-studio/google',
  authDomainPrefix: 'ses-studio',
}
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123'

describe('deploy parameters', () => {
  test('defaults: prod stage, placeholder sender, info logs, no Google, no domain', () => {
    expect(read({})).toMatchObject({
      stage: 'prod',
      mailFrom: PLACEHOLDER_MAIL_FROM,
      mailFromIsPlaceholder: true,
      logLevel: 'info',
      apiThrottle: { rateLimit: 100, burstLimit: 200 },
    })
    expect(read({}).google).toBeUndefined()
    expect(read({}).customDomain).toBeUndefined()
  })

  test('the sender defaults to no-reply@ the custom domain', () => {
    const config = read({ domainName: 'app.example.com', certificateArn: CERTIFICATE })
    expect(config).toMatchObject({ mailFrom: 'no-reply@app.example.com', mailFromIsPlaceholder: false })
  })

  test('Google needs all three values, and never the secret itself', () => {
    expect(read(GOOGLE).google).toEqual({
      clientId: GOOGLE.googleClientId,
      clientSecretName: GOOGLE.googleClientSecretName,
      authDomainPrefix: GOOGLE.authDomainPrefix,
    })
    expect(() => read({ googleClientId: 'x' })).toThrow(DeployConfigError)
    expect(() => read({ ...GOOGLE, googleClientSecret: 'shh' })).toThrow(/Secrets Manager/)
    expect(() => read({ ...GOOGLE, authDomainPrefix: 'my-cognito-login' })).toThrow(/authDomainPrefix/)
  })

  test.each([
    [{ domainName: 'app.example.com' }, /certificateArn/],
    [
      { domainName: 'app.example.com', certificateArn: CERTIFICATE.replace('us-east-1', 'eu-west-1') },
      /us-east-1/,
    ],
    [{ logLevel: 'verbose' }, /logLevel/],
    [{ stage: 'Prod!' }, /stage/],
    [{ sentryDsn: 'http://key@sentry.example.com/1' }, /sentryDsn/],
    [{ mailFrom: 'not an address' }, /mailFrom/],
    [{ apiRateLimit: '-5' }, /apiRateLimit/],
    [{ webAclArn: 'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/x/y' }, /webAclArn/],
  ])('refuses %o', (context, message) => {
    expect(() => read(context as Record<string, string>)).toThrow(message)
  })

  test('mailFrom accepts an address or "Name <address>" and pins the bare address', () => {
    expect(parseMailFrom('no-reply@example.com')).toBe('no-reply@example.com')
    expect(parseMailFrom('SES Studio <No-Reply@Example.com>')).toBe('no-reply@example.com')
  })
})
