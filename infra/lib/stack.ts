import {
  APP_CONFIG_PATH,
  type AppConfig,
  contentSecurityPolicy,
  ENV,
  type QueueName,
  type ScheduleName,
  SES_EVENTS_PATH,
} from '@app/contracts'
import { SCHEDULE_ACCESS, WORKER_ACCESS } from '@app/functions/access'
import { Annotations, CfnOutput, Lazy, SecretValue, Stack, type StackProps, Validations } from 'aws-cdk-lib'
import { Secret } from 'aws-cdk-lib/aws-secretsmanager'
import { Topic } from 'aws-cdk-lib/aws-sns'
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions'
import type { Construct } from 'constructs'
import { type AccessResources, grantAccess } from './access'
import { Api } from './api'
import { Auth } from './auth'
import { CampaignSchedules } from './campaign-schedules'
import { type DeployConfig, sentryOrigin } from './config'
import { CustomerAws } from './customer-aws'
import { DataMigrations } from './data-migrations'
import { EventDispatcher } from './events'
import { FRONTEND_DIST, FUNCTIONS_ROOT, functionEntries } from './paths'
import { Queues, type WorkerQueue } from './queues'
import { type ScheduledFunction, Schedules } from './schedules'
import type { ServiceFunction } from './service-function'
import { createAppTable } from './table'
import { Transfers } from './transfers'
import { Web } from './web'

export interface SesStudioStackProps extends StackProps {
  config: DeployConfig
  /** The `functions` workspace to bundle; tests point it at stub handlers. */
  functionsRoot?: string
  frontendDist?: string
}

export class SesStudioStack extends Stack {
  readonly config: DeployConfig
  readonly auth: Auth
  readonly api: Api
  readonly queues: Queues
  readonly web: Web
  readonly alarmTopic: Topic
  readonly stripeSecret: Secret
  readonly contentSecurityPolicy: string
  readonly dataMigrations: DataMigrations
  readonly events: EventDispatcher
  readonly schedules: Schedules

  constructor(scope: Construct, id: string, props: SesStudioStackProps) {
    super(scope, id, {
      description: 'SES Studio: manage Amazon SES templates, contacts and campaigns',
      ...props,
    })
    const { config } = props
    this.config = config
    const entries = functionEntries(props.functionsRoot ?? FUNCTIONS_ROOT)

    // The site URL is known only once CloudFront exists, yet the user pool client (OAuth callback) and every
    // function (APP_URL) are created before it; CloudFormation resolves the reference, there is no cycle.
    const appUrl = config.customDomain
      ? `https://${config.customDomain.domainName}`
      : Lazy.string({ produce: () => this.web.url })

    const table = createAppTable(this)
    this.alarmTopic = new Topic(this, 'AlarmTopic', { displayName: 'SES Studio alarms', enforceSSL: true })
    if (config.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(config.alarmEmail))

    const baseEnvironment = {
      [ENV.stage]: config.stage,
      [ENV.logLevel]: config.logLevel,
      ...(config.sentryDsn ? { [ENV.sentryDsn]: config.sentryDsn } : {}),
    }
    this.auth = new Auth(this, 'Auth', {
      preSignUpEntry: entries.trigger('pre-sign-up'),
      appUrl,
      google: config.google,
      triggerEnvironment: baseEnvironment,
    })
    const withSentry = config.sentryDsn !== undefined
    // Operators write the real keys after the first deploy (README: "Billing with Stripe"); until then every
    // Stripe call fails with a clear 502 and nothing else is affected.
    this.stripeSecret = new Secret(this, 'StripeSecret', {
      description:
        'Stripe API secret key and webhook signing secret: { "secretKey": "sk_…", "webhookSecret": "whsec_…" }',
      secretObjectValue: {
        secretKey: SecretValue.unsafePlainText('sk_unset'),
        webhookSecret: SecretValue.unsafePlainText('whsec_unset'),
      },
    })
    Validations.of(this.stripeSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Stripe keys are rolled in the Stripe dashboard, then written here; AWS cannot rotate them.',
    })
    const customerAws = new CustomerAws(this, 'CustomerAws')
    // The browser uploads and downloads straight from S3, from the app's origin only.
    const transfers = new Transfers(this, 'Transfers', { appOrigins: [appUrl], stage: config.stage })
    this.queues = new Queues(this, 'Queues', {
      workerEntry: entries.worker,
      alarmTopic: this.alarmTopic,
      withSentry,
    })
    const campaignSchedules = new CampaignSchedules(this, 'CampaignSchedules', {
      target: this.queues.byName.campaignSchedule.queue,
      stage: config.stage,
    })
    // What each function may touch is declared beside it (`functions/src/**/<name>.access.ts`).
    const resources: AccessResources = {
      table,
      auth: this.auth,
      queues: this.queues,
      mailFromAddress: config.mailFromAddress,
      stripeSecret: this.stripeSecret,
      customerAws,
      transfers,
      campaignSchedules,
    }
    this.api = new Api(this, 'Api', {
      ...resources,
      httpEntry: entries.http,
      throttle: config.apiThrottle,
      withSentry,
    })

    this.schedules = new Schedules(this, 'Schedules', {
      workerEntry: entries.worker,
      alarmTopic: this.alarmTopic,
      withSentry,
    })

    this.events = new EventDispatcher(this, 'Events', {
      workerEntry: entries.worker,
      alarmTopic: this.alarmTopic,
      withSentry,
      resources,
    })

    // Signs list page cursors. Lambda gets it through a CloudFormation dynamic reference (never in the template);
    // replacing the secret's value only ends the list pages open at that moment.
    const cursorKey = new Secret(this, 'CursorSigningKey', {
      description: 'HMAC key that signs list page cursors (any random value of 32+ characters)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    })
    Validations.of(cursorKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Page cursors live for minutes; a new value (put by hand) only ends the pages open at that moment.',
    })
    // Signs unsubscribe, preference and signup links: `{ "current": "k1", "k1": "<generated>" }`. Rotate by adding
    // a key and pointing `current` at it; keep an old key at least 400 days so the links already mailed still work.
    const unsubscribeKeys = new Secret(this, 'UnsubscribeSigningKeys', {
      description:
        'HMAC keys that sign unsubscribe links: { "current": "<keyId>", "<keyId>": "<32+ characters>" }',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ current: 'k1' }),
        generateStringKey: 'k1',
        passwordLength: 48,
        excludePunctuation: true,
      },
    })
    Validations.of(unsubscribeKeys).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotation adds a key by hand and keeps the old ones for 400 days (mailed links must keep working); automatic replacement would break them.',
    })
    const environment: Record<string, string> = {
      ...baseEnvironment,
      [ENV.cursorKey]: cursorKey.secretValue.unsafeUnwrap(),
      [ENV.unsubscribeKeys]: unsubscribeKeys.secretValue.unsafeUnwrap(),
      [ENV.tableName]: table.tableName,
      [ENV.userPoolId]: this.auth.userPool.userPoolId,
      [ENV.userPoolClientId]: this.auth.client.userPoolClientId,
      [ENV.appUrl]: appUrl,
      // Customers' monitoring topics post here (CloudFront serves /api/* on the site's origin).
      [ENV.sesEventsUrl]: `${appUrl}${SES_EVENTS_PATH}`,
      [ENV.mailFrom]: config.mailFrom,
      ...(config.adminEmails.length > 0 ? { [ENV.adminEmails]: config.adminEmails.join(',') } : {}),
      ...this.queues.urlEnvironment,
    }
    const functions = [
      ...this.api.all,
      ...this.queues.all.map((entry) => entry.worker),
      ...this.schedules.all.map((entry) => entry.worker),
      this.events.dispatcher,
    ]
    this.dataMigrations = new DataMigrations(this, 'DataMigrations', {
      entry: entries.trigger('migrate'),
      table,
      withSentry,
      after: functions,
    })
    for (const fn of [...functions, this.dataMigrations.migrate]) {
      setEnvironment(fn, environment)
    }
    for (const [name, { worker }] of Object.entries(this.queues.byName) as [QueueName, WorkerQueue][]) {
      grantAccess(worker, WORKER_ACCESS[name], resources)
    }
    for (const [name, { worker }] of Object.entries(this.schedules.byName) as [
      ScheduleName,
      ScheduledFunction,
    ][]) {
      grantAccess(worker, SCHEDULE_ACCESS[name], resources)
    }

    this.contentSecurityPolicy = contentSecurityPolicy({
      connectOrigins: [
        ...this.auth.browserOrigins,
        transfers.origin,
        ...(config.sentryDsn ? [sentryOrigin(config.sentryDsn)] : []),
      ],
    })
    const appConfig: AppConfig = {
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      ...(this.auth.hostedUiDomainName ? { oauthDomain: this.auth.hostedUiDomainName } : {}),
      googleSignIn: config.google !== undefined,
      // Route paths are absolute (`/api/...`) and CloudFront serves /api/* on the site's own origin: "this origin",
      // as in the local stack, and right under any host name the distribution answers to.
      apiBaseUrl: '/',
      ...(config.sentryDsn ? { sentryDsn: config.sentryDsn } : {}),
      // app shell (issue 3): who sees the Admin Panel entry
      ...(config.adminEmailDomain ? { adminEmailDomain: config.adminEmailDomain } : {}),
      stage: config.stage,
    }
    this.web = new Web(this, 'Web', {
      apiUrl: this.api.url,
      contentSecurityPolicy: this.contentSecurityPolicy,
      customDomain: config.customDomain,
      webAclArn: config.webAclArn,
      frontendDist: props.frontendDist ?? FRONTEND_DIST,
      appConfig,
    })

    if (config.mailFromIsPlaceholder) {
      Annotations.of(this).addWarningV2(
        '@app/infra:mail-from-placeholder',
        `No mailFrom given: the product's own mail (verification, password reset) is sent from ${config.mailFrom}, ` +
          'which SES will refuse. Deploy with -c mailFrom=<an address or domain verified in SES>.',
      )
    }
    this.addOutputs(table.tableName)
  }

  private addOutputs(tableName: string): void {
    const outputs: Record<string, { value: string; description: string }> = {
      SiteUrl: { value: this.web.url, description: 'The app' },
      ApiUrl: { value: this.api.url, description: 'HTTP API endpoint (the site serves it under /api)' },
      AppConfigUrl: {
        value: `${this.web.url}${APP_CONFIG_PATH}`,
        description: 'Runtime config the SPA reads',
      },
      Region: { value: this.region, description: 'Region of the stack' },
      UserPoolId: { value: this.auth.userPool.userPoolId, description: 'Cognito user pool' },
      UserPoolClientId: {
        value: this.auth.client.userPoolClientId,
        description: 'Cognito app client (no secret)',
      },
      TableName: { value: tableName, description: 'DynamoDB table' },
      DistributionId: { value: this.web.distribution.distributionId, description: 'CloudFront distribution' },
      DistributionDomainName: {
        value: this.web.distribution.distributionDomainName,
        description: 'Point the custom domain (CNAME/alias) here',
      },
      SiteBucketName: { value: this.web.bucket.bucketName, description: 'S3 bucket of the SPA' },
      AlarmTopicArn: { value: this.alarmTopic.topicArn, description: 'SNS topic of the dead-letter alarms' },
      StripeSecretArn: { value: this.stripeSecret.secretArn, description: 'Put the Stripe keys here' },
      SesEventsUrl: {
        value: `${this.web.url}${SES_EVENTS_PATH}`,
        description: "Customers' SES monitoring topics post events here (subscribed automatically)",
      },
      StripeWebhookUrl: {
        value: `${this.web.url}/api/payments/webhook`,
        description: 'Add this endpoint in Stripe (Developers → Webhooks)',
      },
    }
    if (this.auth.hostedUiDomainName) {
      outputs.HostedUiDomain = {
        value: this.auth.hostedUiDomainName,
        description: 'Cognito hosted UI (Google)',
      }
    }
    for (const [id, { value, description }] of Object.entries(outputs)) {
      new CfnOutput(this, id, { value, description })
    }
  }
}

function setEnvironment(fn: ServiceFunction, environment: Record<string, string>): void {
  for (const [name, value] of Object.entries(environment)) fn.addEnvironment(name, value)
}
