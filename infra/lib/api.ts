import { ENDPOINT_GROUPS, type EndpointGroup, ROUTE_LIST, routeKey, usesJwtAuthorizer } from '@app/contracts'
import { gatewayRoutes } from '@app/contracts/gateway-routes'
import { HTTP_ACCESS } from '@app/functions/access'
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib'
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway'
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2'
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers'
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations'
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs'
import { Construct } from 'constructs'
import { type AccessResources, grantAccess, sideModulesOf } from './access'
import { pascalCase } from './names'
import { ServiceFunction } from './service-function'

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

/** Each group's function gets what `functions/src/http/<group>.access.ts` declares (`grantAccess`). */
export interface ApiProps extends AccessResources {
  httpEntry: (group: EndpointGroup) => string
  throttle: { rateLimit: number; burstLimit: number }
  withSentry: boolean
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
    const gateway = gatewayRoutes(ROUTE_LIST)
    this.functions = Object.fromEntries(
      ENDPOINT_GROUPS.map((group) => {
        const fn = this.createGroupFunction(group, props)
        // One invoke permission per function for the whole API (scoped to this API, any route), not one per
        // route: ~125 routes would otherwise add as many Lambda permissions and pass CloudFormation's 500
        // resources. The function still answers only its group's routes (others get 404/405 from the table).
        const integration = new HttpLambdaIntegration(`${pascalCase(group)}Integration`, fn.function, {
          scopePermissionToRoute: false,
        })
        // A path prefix the group owns gets greedy routes, not one per route (`gatewayRoutes`, over the whole table).
        for (const route of gateway.filter((candidate) => candidate.group === group)) {
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
              reason:
                typeof route.auth === 'string'
                  ? route.auth === 'apiKey'
                    ? `Open to API Gateway by the route table (${routeKey(route)}: the public API, API keys only): the JWT authorizer would refuse the key; the handler verifies it itself and answers only its group's routes.`
                    : `Open to API Gateway by the route table (auth ${route.auth}: ${routeKey(route)}): callers have no account yet or prove themselves with a signed single-use token the handler verifies.`
                  : `Open to API Gateway by the route table (auth ${route.auth.join(' or ')}): it takes organizations' API keys, which the JWT authorizer would refuse; the handler verifies the API key or the Cognito ID token (aws-jwt-verify against the pool's JWKS) itself.`,
            })
          }
        }
        return [group, fn]
      }),
    ) as Record<EndpointGroup, ServiceFunction>
    // API Gateway answers a known path asked with another method with a 404; this catch-all sends every request no
    // route takes to the docs function, which answers 405 with `Allow` from the route table (or 404).
    const catchAll = new HttpRoute(this, 'DefaultRoute', {
      httpApi: this.httpApi,
      routeKey: HttpRouteKey.DEFAULT,
      integration: new HttpLambdaIntegration('DefaultIntegration', this.functions.docs.function, {
        scopePermissionToRoute: false,
      }),
      authorizer: noAuthorizer,
    })
    Validations.of(catchAll).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'The catch-all only answers 405 or 404 from the route table; it reads and changes nothing.',
    })
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
      sideModules: sideModulesOf(HTTP_ACCESS[group]),
    })
    grantAccess(fn, HTTP_ACCESS[group], props)
    return fn
  }
}
