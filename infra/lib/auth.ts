import { ADMIN_GROUP, PASSWORD_POLICY } from '@app/contracts'
import { Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib'
import {
  AccountRecovery,
  CfnUserPoolGroup,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolDomain,
  UserPoolIdentityProviderGoogle,
} from 'aws-cdk-lib/aws-cognito'
import type { Grant, IGrantable } from 'aws-cdk-lib/aws-iam'
import { Construct } from 'constructs'
import type { DeployConfig } from './config'
import { ServiceFunction } from './service-function'

export interface AuthProps {
  preSignUpEntry: string
  /** `https://<site>`: Google sign-in returns to `<appUrl>/auth/google`. */
  appUrl: string
  google?: DeployConfig['google']
  /** The trigger must not reference the pool itself (the pool depends on the trigger). */
  triggerEnvironment: Record<string, string>
}

/** Cognito: email + password sign-in through USER_PASSWORD_AUTH everywhere, Google when configured. */
export class Auth extends Construct {
  readonly userPool: UserPool
  readonly client: UserPoolClient
  readonly preSignUp: ServiceFunction
  readonly hostedUi?: UserPoolDomain
  /** `<prefix>.auth.<region>.amazoncognito.com`, the host Amplify's OAuth config expects. */
  readonly hostedUiDomainName?: string
  /** Origins the browser calls directly; the CSP allows them. */
  readonly browserOrigins: string[]

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id)
    const region = Stack.of(this).region

    this.preSignUp = new ServiceFunction(this, 'PreSignUp', {
      entry: props.preSignUpEntry,
      environment: props.triggerEnvironment,
      // Cognito waits at most 5 s for a trigger.
      timeout: Duration.seconds(5),
      memorySize: 256,
    })

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      // The pre-sign-up trigger confirms users without a code; the product sends its own verification and
      // reset mail (ours works for unverified addresses, Cognito's ForgotPassword does not), so Cognito's
      // default sender is never relied on.
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minimumLength,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OFF,
      featurePlan: FeaturePlan.ESSENTIALS,
      lambdaTriggers: { preSignUp: this.preSignUp.function },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    })

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is not offered yet: the product has no enrolment UI and the local Cognito stand-in cannot test it. ' +
          'Sign-in is email + password under the password policy from @app/contracts, or Google.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Essentials plan: the Plus plan (threat protection) is billed per active user and stays an operator ' +
          'choice for a self-hosted deployment.',
      },
    )

    const google = props.google ? this.addGoogle(props.google) : undefined
    if (google) {
      this.hostedUi = this.userPool.addDomain('HostedUi', {
        cognitoDomain: { domainPrefix: google.config.authDomainPrefix },
      })
      this.hostedUiDomainName = `${google.config.authDomainPrefix}.auth.${region}.amazoncognito.com`
    }

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      // Identity attributes change only through the API (which verifies ownership), except what Google maps in
      // on every federated sign-in: Cognito requires mapped attributes to be client-writable.
      writeAttributes: new ClientAttributes().withStandardAttributes({
        fullname: true,
        profilePicture: true,
        ...(google ? { email: true, emailVerified: true } : {}),
      }),
      supportedIdentityProviders: [
        UserPoolClientIdentityProvider.COGNITO,
        ...(google ? [UserPoolClientIdentityProvider.GOOGLE] : []),
      ],
      ...(google
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
              callbackUrls: [`${props.appUrl}/auth/google`],
              logoutUrls: [`${props.appUrl}/auth/sign-in`],
            },
          }
        : { disableOAuth: true }),
    })
    if (google) this.client.node.addDependency(google.provider)

    // Members of this group are the deployment's operators (Admin Panel); add users with
    // `aws cognito-idp admin-add-user-to-group --group-name admins`.
    new CfnUserPoolGroup(this, 'AdminsGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: ADMIN_GROUP,
      description: 'Operators of this deployment: may call /api/admin',
    })

    this.browserOrigins = [
      `https://cognito-idp.${region}.amazonaws.com`,
      ...(this.hostedUiDomainName ? [`https://${this.hostedUiDomainName}`] : []),
    ]
  }

  /** Account deletion and our own password reset / verification flows manage users directly. */
  grantUserAdministration(grantee: IGrantable): Grant {
    return this.userPool.grant(
      grantee,
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUpdateUserAttributes',
    )
  }

  private addGoogle(config: NonNullable<DeployConfig['google']>) {
    const provider = new UserPoolIdentityProviderGoogle(this, 'Google', {
      userPool: this.userPool,
      clientId: config.clientId,
      // A dynamic reference: CloudFormation resolves it at deploy time; the value never enters the template.
      clientSecretValue: SecretValue.secretsManager(config.clientSecretName),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: {
        email: ProviderAttribute.GOOGLE_EMAIL,
        emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
        fullname: ProviderAttribute.GOOGLE_NAME,
        profilePicture: ProviderAttribute.GOOGLE_PICTURE,
      },
    })
    return { provider, config }
  }
}
