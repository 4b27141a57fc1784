import { AppConfigSchema, contentSecurityPolicy, ENDPOINT_GROUPS, ENV } from '@app/contracts'
import { Annotations, Match } from 'aws-cdk-lib/assertions'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  FIXTURE_FUNCTIONS,
  functionsByEntry,
  renderString,
  resources,
  type Synthesized,
  stagedAppConfig,
  synthesize,
  unacknowledgedNagFindings,
} from './synth'

// Every optional deploy parameter at once. This file is about configuration, so nothing is bundled.
const CONTEXT = {
  stage: 'staging',
  mailFrom: 'no-reply@example.com',
  domainName: 'app.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab',
  googleClientId: '1234-abc.apps.googleusercontent.com',
  googleClientSecretName: 'ses-studio/google-client-secret',
  authDomainPrefix: 'ses-studio-test',
  sentryDsn: 'https://public@o11.ingest.sentry.io/22',
  webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/ses-studio/0a1b2c3d',
  alarmEmail: 'ops@example.com',
}
const REGION = 'eu-west-1'

let synth: Synthesized
beforeAll(() => {
  synth = synthesize({
    functionsRoot: FIXTURE_FUNCTIONS,
    frontendDist: '/nonexistent/dist',
    context: { ...CONTEXT, 'aws:cdk:bundling-stacks': [] },
  })
})

describe('Google sign-in', () => {
  test('a Google IdP whose secret is a Secrets Manager reference resolved at deploy time', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: {
        client_id: CONTEXT.googleClientId,
        client_secret: `{{resolve:secretsmanager:${CONTEXT.googleClientSecretName}:SecretString:::}}`,
        authorize_scopes: 'openid email profile',
      },
      AttributeMapping: Match.objectLike({ email: 'email', email_verified: 'email_verified' }),
    })
  })

  test('a hosted-UI domain and an OAuth code flow returning to /auth/google on the site', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: CONTEXT.authDomainPrefix })
    synth.template.hasResource('AWS::Cognito::UserPoolClient', {
      DependsOn: [Match.stringLikeRegexp('Google')],
      Properties: Match.objectLike({
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        AllowedOAuthFlows: ['code'],
        AllowedOAuthScopes: ['openid', 'email', 'profile'],
        CallbackURLs: ['https://app.example.com/auth/google'],
        LogoutURLs: ['https://app.example.com/auth/sign-in'],
        SupportedIdentityProviders: ['COGNITO', 'Google'],
      }),
    })
    expect(synth.template.findOutputs('HostedUiDomain')).not.toEqual({})
  })

  test('the SPA learns the hosted UI from app-config.json', () => {
    const appConfig = AppConfigSchema.strict().parse(stagedAppConfig(synth.assemblyDir))
    expect(appConfig).toMatchObject({
      googleSignIn: true,
      stage: 'staging',
      sentryDsn: CONTEXT.sentryDsn,
      apiBaseUrl: '/',
    })
    expect(appConfig.oauthDomain).toMatch(/^ses-studio-test\.auth\..+\.amazoncognito\.com$/)
  })
})

describe('custom domain, WAF, Sentry, alarms', () => {
  test('CloudFront serves the domain with its certificate under TLS 1.2 and behind the web ACL', () => {
    synth.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [CONTEXT.domainName],
        ViewerCertificate: {
          AcmCertificateArn: CONTEXT.certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
        WebACLId: CONTEXT.webAclArn,
      }),
    })
  })

  test('the CSP also allows the hosted UI, the transfer bucket and the Sentry ingest origin', () => {
    const [[, policy]] = resources(synth.template, 'AWS::CloudFront::ResponseHeadersPolicy') as [
      [string, never],
    ]
    const csp = (
      policy as {
        Properties: {
          ResponseHeadersPolicyConfig: {
            SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } }
          }
        }
      }
    ).Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy
    expect(renderString(csp, { 'AWS::Region': REGION, 'AWS::AccountId': '111122223333' })).toBe(
      contentSecurityPolicy({
        connectOrigins: [
          `https://cognito-idp.${REGION}.amazonaws.com`,
          `https://ses-studio-test.auth.${REGION}.amazoncognito.com`,
          `https://ses-studio-staging-transfers-111122223333-${REGION}.s3.${REGION}.amazonaws.com`,
          'https://o11.ingest.sentry.io',
        ],
      }),
    )
  })

  test('functions get APP_URL on the domain, the stage and SENTRY_DSN', () => {
    for (const group of ENDPOINT_GROUPS) {
      const { properties } = functionsByEntry(synth.template).get(
        `infra/test/fixtures/functions/src/http/${group}.ts`,
      ) ?? { properties: undefined }
      expect(properties?.Environment.Variables).toMatchObject({
        [ENV.appUrl]: 'https://app.example.com',
        [ENV.stage]: 'staging',
        [ENV.sentryDsn]: CONTEXT.sentryDsn,
      })
    }
  })

  test('the Sentry SDK ships beside the API and worker bundles (see sentry-module.test.ts), not the trigger', () => {
    const { api, queues, auth } = synth.stack
    expect([...api.all, ...queues.all.map((queue) => queue.worker)].every((fn) => fn.shipsSentry)).toBe(true)
    expect(auth.preSignUp.shipsSentry).toBe(false)
  })

  test('dead-letter alarms reach the operator by email', () => {
    synth.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: CONTEXT.alarmEmail,
    })
  })
})

test('without a frontend build only app-config.json is deployed, nothing is pruned, and synth says so', () => {
  const deployments = resources(synth.template, 'Custom::CDKBucketDeployment')
    .filter(([id]) => id.startsWith('Web'))
    .map(([, r]) => r.Properties)
  expect(deployments).toEqual([
    expect.objectContaining({ Prune: false, SourceObjectKeys: [expect.any(String)] }),
  ])
  Annotations.fromStack(synth.stack).hasWarning(
    '/SesStudioStack/Web',
    Match.stringLikeRegexp('has no index.html'),
  )
})

test('cdk-nag AwsSolutions: no finding without an acknowledged reason', () => {
  expect(unacknowledgedNagFindings(synth)).toEqual([])
})
