import {
  ENDPOINT_GROUPS,
  ENV,
  type EndpointGroup,
  type QueueName,
  routeKey,
  routesOfGroup,
  usesJwtAuthorizer,
} from '@app/contracts'
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib'
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway'
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  type HttpRoute,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2'
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers'
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations'
import type { Table } from 'aws-cdk-lib/aws-dynamodb'
import { PolicyStatement } from 'aws-cdk-lib/aws-iam'
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import { Construct } from 'constructs'
import type { Auth } from './auth'
import type { CustomerAws } from './customer-aws'
import { pascalCase } from './names'
import type { Queues } from './queues'
import { ServiceFunction } from './service-function'
import { EMAIL_MODULE, type SideModule } from './side-modules'
import { grantTableData } from './table'

/** What each endpoint-group Lambda may touch; a new group fails to compile until it is listed here. */
export interface GroupAccess {
  table: boolean
  /** Sends the product's own mail (verification, password reset) from `MAIL_FROM`. */
  sendsMail: boolean
  /** Deletes users, sets passwords, marks addresses verified. */
  administersUsers: boolean
  sendsTo: QueueName[]
  /** Reads the Stripe secret (keys never sit in environment variables). */
  stripe: boolean
  /** Reaches customers' own AWS accounts (assumes their roles, opens their sealed keys). */
  customerAws: boolean
  /** Lazily imported workspace modules shipped beside the bundle (see side-modules.ts). */
  sideModules?: readonly SideModule[]
}

export const GROUP_ACCESS: Record<EndpointGroup, GroupAccess> = {
  // Deleting an account or organization cancels its Stripe subscription and takes monitoring out of its AWS
  // accounts first.
  account: {
    table: true,
    sendsMail: true,
    administersUsers: true,
    sendsTo: ['purge'],
    stripe: true,
    customerAws: true,
  },
  organizations: {
    table: true,
    sendsMail: false,
    administersUsers: false,
    sendsTo: ['purge'],
    stripe: true,
    customerAws: true,
  },
  auth: {
    table: true,
    sendsMail: true,
    administersUsers: true,
    sendsTo: [],
    stripe: false,
    customerAws: false,
  },
  docs: {
    table: false,
    sendsMail: false,
    administersUsers: false,
    sendsTo: [],
    stripe: false,
    customerAws: false,
  },
  // Browser monitoring tunnel: only forwards envelopes to Sentry over the internet, no AWS access.
  monitoring: {
    table: false,
    sendsMail: false,
    administersUsers: false,
    sendsTo: [],
    stripe: false,
    customerAws: false,
  },
  payments: {
    table: true,
    sendsMail: false,
    administersUsers: false,
    sendsTo: [],
    stripe: true,
    customerAws: false,
  },
  'stripe-webhook': {
    table: true,
    sendsMail: false,
    administersUsers: false,
    sendsTo: [],
    stripe: true,
    customerAws: false,
  },
  admin: {
    table: true,
    sendsMail: false,
    administersUsers: false,
    sendsTo: [],
    stripe: true,
    customerAws: false,
  },
  // Deleting a connection hands its message logs to the purge worker.
  'aws-accounts': {
    table: true,
    sendsMail: false,
    administersUsers: false,
    sendsTo: ['purge'],
    stripe: false,
    customerAws: true,
  },
  'email-identities': {
    table: true,
    sendsMail: false,
    administersUsers: false,
    sendsTo: [],
    stripe: false,
    customerAws: true,
  },
  // Test sends go through the customer's SES; deleting templates hands their versions to the purge worker; writes
  // compile with the template pipeline, loaded on the first compile.
  templates: {
    table: true,
    sendsMail: false,
    administersUsers: false,
    sendsTo: ['purge'],
    stripe: false,
    customerAws: true,
    sideModules: [EMAIL_MODULE],
  },
  // Reusable blocks: saving one recompiles its templates in a job on the jobs queue; writes compile with the
  // template pipeline (a block is checked as a fragment), loaded on the first compile.
  blocks: {
    table: true,
    sendsMail: false,
    administersUsers: false,
    sendsTo: ['jobs'],
    stripe: false,
    customerAws: false,
    sideModules: [EMAIL_MODULE],
  },
  // Enable/disable create and remove the topic and configuration set in the customer's account.
  'ses-monitoring': {
    table: true,
    sendsMail: false,
    administersUsers: false,
    sendsTo: [],
    stripe: false,
    customerAws: true,
  },
  // Lists the customer's SES templates; starts jobs (import, publish, delete, refresh) on the jobs queue; taking
  // SES's version of a template compiles it with the template pipeline, loaded on the first compile.
  'ses-sync': {
    table: true,
    sendsMail: false,
    administersUsers: false,
    sendsTo: ['jobs'],
    stripe: false,
    customerAws: true,
    sideModules: [EMAIL_MODULE],
  },
  jobs: {
    table: true,
    sendsMail: false,
    administersUsers: false,
    sendsTo: [],
    stripe: false,
    customerAws: false,
  },
  // Public: verifies SNS signatures (certificates fetched from SNS over HTTPS) and records events.
  'ses-events': {
    table: true,
    sendsMail: false,
    administersUsers: false,
    sendsTo: [],
    stripe: false,
    customerAws: false,
  },
}

/** JSON lines with HTTP API context variables only (the REST-style default names some HTTP APIs lack). */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTime',
    ip: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
    method: '$context.httpMethod',
    path: '$context.path',
    routeKey: '$context.routeKey',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    latencyMs: '$context.responseLatency',
    integrationLatencyMs: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
    authorizerError: '$context.authorizer.error',
  }),
)

export interface ApiProps {
  httpEntry: (group: EndpointGroup) => string
  table: Table
  auth: Auth
  queues: Queues
  mailFromAddress: string
  throttle: { rateLimit: number; burstLimit: number }
  withSentry: boolean
  /** `{ "secretKey", "webhookSecret" }` of Stripe. */
  stripeSecret: ISecret
  customerAws: CustomerAws
}

/** The HTTP API: one Lambda per endpoint group, one route per `ROUTE_LIST` entry, JWT unless public. */
export class Api extends Construct {
  readonly httpApi: HttpApi
  readonly stage: HttpStage
  readonly functions: Record<EndpointGroup, ServiceFunction>
  /** Routes without the JWT authorizer, keyed by `routeKey`. */
  readonly publicRoutes = new Map<string, HttpRoute>()

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id)
    const authorizer = new HttpUserPoolAuthorizer('CognitoJwt', props.auth.userPool, {
      userPoolClients: [props.auth.client],
      identitySource: ['$request.header.Authorization'],
    })
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'SES Studio API',
      createDefaultStage: false,
      // Safe default: a route is public only when the route table says so.
      defaultAuthorizer: authorizer,
    })
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'AccessLogs', {
            retention: RetentionDays.ONE_MONTH,
            removalPolicy: RemovalPolicy.DESTROY,
          }),
        ),
        format: ACCESS_LOG_FORMAT,
      },
    })

    const noAuthorizer = new HttpNoneAuthorizer()
    this.functions = Object.fromEntries(
      ENDPOINT_GROUPS.map((group) => {
        const fn = this.createGroupFunction(group, props)
        const integration = new HttpLambdaIntegration(`${pascalCase(group)}Integration`, fn.function)
        for (const route of routesOfGroup(group)) {
          const [httpRoute] = this.httpApi.addRoutes({
            path: route.path,
            methods: [HttpMethod[route.method]],
            integration,
            ...(usesJwtAuthorizer(route) ? {} : { authorizer: noAuthorizer }),
          })
          if (!usesJwtAuthorizer(route) && httpRoute) {
            this.publicRoutes.set(routeKey(route), httpRoute)
            Validations.of(httpRoute).acknowledge({
              id: 'AwsSolutions-APIG4',
              reason: `Open to API Gateway by the route table (auth ${route.auth}: ${route.summary}): callers have no account yet or prove themselves with a signed single-use token the handler verifies.`,
            })
          }
        }
        return [group, fn]
      }),
    ) as Record<EndpointGroup, ServiceFunction>
  }

  get url(): string {
    return this.stage.url
  }

  get all(): ServiceFunction[] {
    return Object.values(this.functions)
  }

  private createGroupFunction(group: EndpointGroup, props: ApiProps): ServiceFunction {
    const fn = new ServiceFunction(this, pascalCase(group), {
      entry: props.httpEntry(group),
      environment: {},
      // API Gateway gives up on an integration after 30 s.
      timeout: Duration.seconds(15),
      withSentry: props.withSentry,
      sideModules: GROUP_ACCESS[group].sideModules,
    })
    const access = GROUP_ACCESS[group]
    if (access.table) grantTableData(props.table, fn.function)
    if (access.administersUsers) props.auth.grantUserAdministration(fn.function)
    for (const queue of access.sendsTo) props.queues.byName[queue].queue.grantSendMessages(fn.function)
    if (access.sendsMail) grantProductMail(fn, props.mailFromAddress)
    if (access.customerAws) props.customerAws.grant(fn)
    if (access.stripe) {
      props.stripeSecret.grantRead(fn.function)
      fn.addEnvironment(ENV.stripeSecretArn, props.stripeSecret.secretArn)
    }
    return fn
  }
}

function grantProductMail(fn: ServiceFunction, mailFromAddress: string): void {
  const anyIdentity = Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })
  fn.role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [anyIdentity],
      conditions: { StringEquals: { 'ses:FromAddress': mailFromAddress } },
    }),
  )
  Validations.of(fn).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*]',
    reason:
      'The sender is pinned by the ses:FromAddress condition; the identity stays open because SES authorizes against ' +
      'the address or its domain, whichever is verified, and in the SES sandbox against the recipient identity too.',
  })
}
